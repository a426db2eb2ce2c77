/**
 * The v1 API reference, rendered on the server from the same OpenAPI document that
 * /api/openapi.json serves, so the page and the machine-readable contract agree.
 */
import type { Metadata } from "next";
import { buildOpenApiDocument } from "@/server/v1/openapi/document";
import { Markdown } from "./markdown";
import { OperationSection, type Operation } from "./operation-section";
import { Quickstart } from "./quickstart";
import { SdkAndAssistants } from "./sdk-and-assistants";
import { SchemaFields, type Schema } from "./schema-fields";

export const metadata: Metadata = { title: "API reference" };
// Rendered per request like every page: the Content-Security-Policy nonce on Next's
// scripts is new each time (proxy.ts), which a prerendered page cannot carry.
export const dynamic = "force-dynamic";

export default function DocsPage() {
  const document = buildOpenApiDocument();
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const resolve = (schema: Schema): Schema => (schema.$ref ? (schemas[schema.$ref.split("/").pop()!] ?? schema) : schema);
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })),
  );
  const webhook = (document.webhooks?.["job.completed"] as { post: Operation } | undefined)?.post;

  return (
    <div className="mx-auto flex max-w-6xl gap-10 px-6 py-10">
      <nav aria-label="Routes" className="sticky top-6 hidden h-fit w-56 shrink-0 text-sm lg:block">
        <p className="mb-2 font-semibold text-stone-900">Start here</p>
        <ul className="mb-4 space-y-1">
          <li>
            <a className="text-stone-600 hover:text-accent-700" href="#quickstart">
              Quickstart
            </a>
          </li>
          <li>
            <a className="text-stone-600 hover:text-accent-700" href="#get-a-key">
              Get a key
            </a>
          </li>
          <li>
            <a className="text-stone-600 hover:text-accent-700" href="#verify-a-webhook">
              Verify a webhook
            </a>
          </li>
        </ul>
        <p className="mb-2 font-semibold text-stone-900">Reference</p>
        <ul className="space-y-1">
          <li>
            <a className="text-stone-600 hover:text-accent-700" href="#overview">
              Overview
            </a>
          </li>
          <li>
            <a className="text-stone-600 hover:text-accent-700" href="#sdk">
              TypeScript SDK
            </a>
          </li>
          <li>
            <a className="text-stone-600 hover:text-accent-700" href="#ai-assistants">
              AI assistants (MCP)
            </a>
          </li>
          {operations.map(({ path, method, operation }) => (
            <li key={operation.operationId}>
              <a className="text-stone-600 hover:text-accent-700" href={`#${operation.operationId}`}>
                <span className="inline-block w-10 font-mono text-xs uppercase text-stone-600">{method}</span>
                {path}
              </a>
            </li>
          ))}
          <li>
            <a className="text-stone-600 hover:text-accent-700" href="#webhooks">
              Webhooks (preview)
            </a>
          </li>
          <li>
            <a className="text-stone-600 hover:text-accent-700" href="/api/openapi.json">
              openapi.json
            </a>
          </li>
        </ul>
      </nav>

      <main className="min-w-0 flex-1">
        <header>
          <h1 className="text-3xl font-semibold">{document.info.title}</h1>
          <p className="mt-2 text-stone-600">
            Version {document.info.version} · OpenAPI {document.openapi} ·{" "}
            <a className="text-accent-700 underline" href="/api/openapi.json">
              download the document
            </a>
          </p>
        </header>

        <div className="mt-8">
          <Quickstart />
        </div>

        <section id="overview" className="mt-12 scroll-mt-6">
          <h2 className="text-2xl font-semibold">Overview</h2>
          <Markdown text={document.info.description ?? ""} />
        </section>

        <SdkAndAssistants />

        <h2 className="mt-12 mb-4 text-2xl font-semibold">Routes</h2>
        <div className="space-y-8">
          {operations.map(({ path, method, operation }) => (
            <OperationSection key={operation.operationId} method={method} path={path} operation={operation} resolve={resolve} />
          ))}
        </div>

        {webhook ? (
          <section id="webhooks" className="mt-12 scroll-mt-6">
            <h2 className="text-2xl font-semibold">Webhooks (preview)</h2>
            <p className="mt-2 text-stone-700">
              Events <code className="font-mono">job.completed</code> and <code className="font-mono">job.failed</code> (and{" "}
              <code className="font-mono">webhook.test</code> on demand), POSTed to each of the account&apos;s endpoints that asked for
              them, with the Standard Webhooks headers <code className="font-mono">webhook-id</code>,{" "}
              <code className="font-mono">webhook-timestamp</code> and <code className="font-mono">webhook-signature</code> and the
              contract&apos;s <code className="font-mono">X-Service-Timestamp</code> and{" "}
              <code className="font-mono">X-Service-Signature</code>.
            </p>
            <Markdown text={webhook.description} />
            <SchemaFields schema={{ $ref: "#/components/schemas/WebhookEvent" }} resolve={resolve} />
          </section>
        ) : null}
      </main>
    </div>
  );
}
