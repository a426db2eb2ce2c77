/** The docs page's section on the TypeScript SDK and on connecting an AI assistant (MCP). */
import { MCP_REMOTE, MCP_STDIO, MCP_TOOLS, SDK_INSTALL, SDK_STAGE_PHOTO, SDK_VERIFY_WEBHOOK } from "./sdk-samples";

function Code({ children, label }: { children: string; label: string }) {
  return (
    <pre aria-label={label} tabIndex={0} className="mt-3 overflow-x-auto rounded-md bg-stone-900 p-4 text-sm text-stone-100">
      <code>{children}</code>
    </pre>
  );
}

export function SdkAndAssistants() {
  return (
    <>
      <section id="sdk" className="mt-12 scroll-mt-6">
        <h2 className="text-2xl font-semibold">TypeScript SDK</h2>
        <p className="mt-2 text-stone-700">
          <code className="font-mono">@atrium/sdk</code> is typed from this document. It retries rate limits after{" "}
          <code className="font-mono">Retry-After</code> and server failures only where the service replays the first answer (reads, and
          generations, which always carry an <code className="font-mono">Idempotency-Key</code>), so a retry is never charged twice. It
          waits for jobs, sets and videos, verifies webhooks, and throws one error type whose <code className="font-mono">code</code> is
          the service&apos;s.
        </p>
        <Code label="Install the SDK">{SDK_INSTALL}</Code>
        <h3 className="mt-6 text-lg font-semibold">Stage a photo and wait for it</h3>
        <Code label="Stage a photo with the SDK">{SDK_STAGE_PHOTO}</Code>
        <h3 className="mt-6 text-lg font-semibold">Verify a webhook</h3>
        <p className="mt-2 text-stone-700">Both signatures a delivery carries are understood; a stale or forged one is refused.</p>
        <Code label="Verify a webhook with the SDK">{SDK_VERIFY_WEBHOOK}</Code>
      </section>

      <section id="ai-assistants" className="mt-12 scroll-mt-6">
        <h2 className="text-2xl font-semibold">Connect an AI assistant</h2>
        <p className="mt-2 text-stone-700">
          Atrium is an MCP server. Remote assistants connect to <code className="font-mono">/api/mcp</code> (Streamable HTTP) with an
          API key as a Bearer token; desktop assistants can start the SDK&apos;s <code className="font-mono">atrium-mcp</code> binary
          (stdio). Every tool is an API call made with your key: charged, limited and refused exactly as the API is, and a read-only
          key can use only the reading tools. Calls to <code className="font-mono">/api/mcp</code> are limited to 4 MB.
        </p>
        <Code label="Remote MCP server configuration">{MCP_REMOTE}</Code>
        <Code label="Local MCP server configuration">{MCP_STDIO}</Code>
        <ul className="mt-4 list-disc space-y-1 pl-6 text-stone-700">
          {MCP_TOOLS.map((tool) => (
            <li key={tool.name}>
              <code className="font-mono">{tool.name}</code>: {tool.what}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
