/** The docs page's section on the TypeScript SDK and on connecting an AI assistant (MCP). */
import {
  MCP_REMOTE,
  MCP_SIGN_IN,
  MCP_STDIO,
  MCP_TOOLS,
  SDK_INSTALL,
  SDK_STAGE_PHOTO,
  SDK_VERIFY_WEBHOOK,
  type McpConfig,
  type SignInSteps,
} from "./sdk-samples";

function Code({ children, label }: { children: string; label: string }) {
  return (
    <pre aria-label={label} tabIndex={0} className="mt-3 overflow-x-auto rounded-md bg-stone-900 p-4 text-sm text-stone-100">
      <code>{children}</code>
    </pre>
  );
}

function ConfigFor({ config, label }: { config: McpConfig; label: string }) {
  return (
    <div className="mt-4">
      <p className="text-sm font-medium text-stone-800">{config.apps}</p>
      <Code label={label}>{config.config}</Code>
    </div>
  );
}

function SignInFor({ app }: { app: SignInSteps }) {
  return (
    <div className="mt-5">
      <h4 className="font-semibold text-stone-900">{app.app}</h4>
      <p className="mt-1 text-sm text-stone-600">{app.availability}</p>
      <ol className="mt-2 list-decimal space-y-1 pl-6 text-stone-700">
        {app.steps.map((step, index) => (
          <li key={step}>
            {step}
            {index === 0 && app.code ? <Code label={`${app.app}: configuration`}>{app.code}</Code> : null}
          </li>
        ))}
      </ol>
    </div>
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
          waits for jobs, sets and videos, verifies webhooks, and throws one error type whose <code className="font-mono">code</code> is the
          service&apos;s.
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
          Atrium is an MCP server. Every tool is an API call made with your key, or with the key of the sign-in you approved: charged,
          limited and refused exactly as the API is, and read-only access can use only the reading tools. A tool that sends a request takes
          exactly that route&apos;s body (generated from this document), plus <code className="font-mono">idempotency_key</code>.
        </p>
        <h3 className="mt-6 text-lg font-semibold">Remote, with a sign-in: add Atrium by its address</h3>
        <p className="mt-2 text-stone-700">
          The assistant gets <code className="font-mono">401</code> from <code className="font-mono">/api/mcp</code>, finds Atrium&apos;s
          sign-in from it, and opens Atrium&apos;s consent page in your browser. There you see the app&apos;s name, who vouches for it and
          where your answer goes back to, and choose the workspace it acts for (among those where you may manage developer access) and Full
          access or Read only. It is then charged, limited and logged as that workspace, with a key of its own, until someone revokes it
          under Developers → Connected apps (or you leave the workspace). Results of staging, multi-view sets and videos show as a
          before/after slider with their label in apps that display MCP Apps, and as text with links elsewhere.
        </p>
        {MCP_SIGN_IN.map((app) => (
          <SignInFor key={app.app} app={app} />
        ))}
        <p className="mt-4 text-sm text-stone-600">
          These steps follow each app&apos;s own documentation as of this release; menus move between versions and plans, so a label may
          differ in yours. Not tried here: the apps themselves (Atrium&apos;s tests sign in with the MCP SDK&apos;s client, which follows
          the same protocol), and which of them draw the MCP App view rather than the text.
        </p>
        <h3 className="mt-6 text-lg font-semibold">Remote: /api/mcp with your key as a Bearer token</h3>
        <p className="mt-2 text-stone-700">
          Streamable HTTP, for apps that send a header you configure, and for scripts. Calls to <code className="font-mono">/api/mcp</code>{" "}
          are limited to 4 MB.
        </p>
        {MCP_REMOTE.map((config, index) => (
          <ConfigFor key={config.apps} config={config} label={`Remote MCP server configuration ${index + 1}`} />
        ))}
        <h3 className="mt-6 text-lg font-semibold">Local: the SDK&apos;s server over stdio</h3>
        <p className="mt-2 text-stone-700">
          Install the SDK in a project as above, then give the app the absolute path of its <code className="font-mono">atrium-mcp</code>{" "}
          script; it then starts from any folder. Do not use <code className="font-mono">npx atrium-mcp</code>: outside that project, npx
          would fetch a public package of that name, which is not Atrium&apos;s, and hand it your key. If the app cannot find{" "}
          <code className="font-mono">node</code>, give its full path (<code className="font-mono">which node</code>) as the command.
        </p>
        <ConfigFor config={MCP_STDIO} label="Local MCP server configuration" />
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
