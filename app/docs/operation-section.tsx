/** One route of the OpenAPI document: what it takes, what it answers, and a curl line. */
import { Inline, Markdown } from "./markdown";
import { NEW_IDEMPOTENCY_KEY } from "./samples";
import { refName, SchemaFields, type Resolve, type Schema } from "./schema-fields";

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  "x-preview"?: boolean;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema: Schema }[];
  requestBody?: { content: { "application/json": { schema: Schema; example?: unknown } } };
  responses: Record<
    string,
    {
      description: string;
      content?: { "application/json": { schema: Schema; examples?: Record<string, unknown> } };
      headers?: Record<string, unknown>;
    }
  >;
}

const EXAMPLE_VALUES: Record<string, string> = { jobSource: "$JOB_ID", render_set_id: "$RENDER_SET_ID", job_id: "$JOB_ID", limit: "10" };
/** A body carrying image bytes cannot go on a command line (a photo over about 100 KB exceeds it): it is sent from this file. */
const BODY_FILE = "description-request.json";

export function curlLine(method: string, path: string, operation: Operation): string {
  const params = operation.parameters ?? [];
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => EXAMPLE_VALUES[name] ?? `$${name}`);
  const query = params
    .filter((p) => p.in === "query" && (p.required || p.name === "limit"))
    .map((p) => `${p.name}=${EXAMPLE_VALUES[p.name] ?? "…"}`);
  const url = `$ATRIUM_BASE_URL${filled}${query.length ? `?${query.join("&")}` : ""}`;
  const lines = [`curl -X ${method.toUpperCase()} "${url}"`, `  -H "x-api-key: $ATRIUM_API_KEY"`];
  const example = operation.requestBody?.content["application/json"].example;
  const keyed = params.some((p) => p.name === "Idempotency-Key");
  const inFile = example !== undefined && JSON.stringify(example).includes(";base64,");
  if (keyed) lines.push(`  -H "Idempotency-Key: \${IDEMPOTENCY_KEY:?}"`);
  if (example !== undefined)
    lines.push(
      `  -H "content-type: application/json"`,
      inFile ? `  --data-binary @${BODY_FILE}` : `  -d '${JSON.stringify(example, null, 2)}'`,
    );
  return [
    ...(inFile ? [`# ${BODY_FILE}: ${JSON.stringify(example)}, the photos inlined as in the Quickstart's property description`] : []),
    ...(keyed ? [`${NEW_IDEMPOTENCY_KEY}   # one per action: send the same one to retry it`] : []),
    lines.join(" \\\n"),
  ].join("\n");
}

const METHOD_STYLE: Record<string, string> = { get: "bg-sky-100 text-sky-900", post: "bg-accent-100 text-accent-900" };

export function OperationSection({
  method,
  path,
  operation,
  resolve,
}: {
  method: string;
  path: string;
  operation: Operation;
  resolve: Resolve;
}) {
  const body = operation.requestBody?.content["application/json"].schema;
  const parameters = operation.parameters ?? [];
  return (
    <section id={operation.operationId} className="scroll-mt-6 rounded-lg border border-stone-200 bg-white p-6 shadow-card">
      <header className="flex flex-wrap items-center gap-3">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${METHOD_STYLE[method] ?? ""}`}>{method}</span>
        <code className="font-mono text-base font-semibold">{path}</code>
        {operation["x-preview"] ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">preview</span>
        ) : null}
      </header>
      <h3 className="mt-2 text-lg font-semibold">{operation.summary}</h3>
      <Markdown text={operation.description} />

      {parameters.length > 0 ? (
        <>
          <h4 className="mt-5 mb-2 font-semibold">Parameters</h4>
          <ul className="space-y-1 text-sm">
            {parameters.map((p) => (
              <li key={`${p.in}:${p.name}`}>
                <code className="font-mono">{p.name}</code>{" "}
                <span className="text-stone-500">
                  ({p.in}
                  {p.required ? ", required" : ""})
                </span>{" "}
                {p.description ? <Inline text={p.description} /> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {body ? (
        <>
          <h4 className="mt-5 mb-2 font-semibold">
            Request body <span className="font-normal text-stone-500">({refName(body)})</span>
          </h4>
          <SchemaFields schema={body} resolve={resolve} />
        </>
      ) : null}

      <h4 className="mt-5 mb-2 font-semibold">Responses</h4>
      <ul className="space-y-1 text-sm">
        {Object.entries(operation.responses).map(([status, response]) => {
          const schema = response.content?.["application/json"].schema;
          return (
            <li key={status} className="flex gap-3">
              <span className={`w-10 font-mono font-semibold ${status === "200" ? "text-emerald-700" : "text-red-700"}`}>{status}</span>
              <span>
                <Inline text={response.description} />
                {schema ? <span className="text-stone-500"> — {refName(schema) ?? "object"}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>

      <h4 className="mt-5 mb-2 font-semibold">Example</h4>
      <pre
        tabIndex={0}
        aria-label={`Example request: ${method.toUpperCase()} ${path}`}
        className="overflow-x-auto rounded-md bg-stone-900 p-4 font-mono text-xs leading-relaxed text-stone-100"
      >
        {curlLine(method, path, operation)}
      </pre>
    </section>
  );
}
