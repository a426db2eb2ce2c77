/**
 * The docs page's TypeScript SDK and AI-assistant samples. packages/sdk/pack.http.test.ts
 * runs them as written, from the packed package in a scratch project outside the
 * repository: the TypeScript under `tsc --strict`, the stage-a-photo sample and the
 * webhook receiver against the app, and the local MCP configuration started from an
 * empty folder, so the page cannot drift from what the SDK does.
 */
import sdkPackage from "@/packages/sdk/package.json";
import { CREDIT_COSTS, creditsLabel } from "@/shared/credit-costs";

/** The Node versions the SDK runs on, from its package.json (`>=20.19` → `20.19`). */
export const SDK_NODE_VERSION = sdkPackage.engines.node.replace(/^>=\s*/, "");
const TARBALL = `atrium-sdk-${sdkPackage.version}.tgz`;

export const SDK_INSTALL = `# In a checkout of the Atrium repository: pack the SDK once
npm pack -w packages/sdk                 # → ${TARBALL}
# In your project (Node ${SDK_NODE_VERSION} or later, "type": "module"):
npm install /path/to/${TARBALL}
export ATRIUM_BASE_URL=https://<your-deployment>/api/v1 ATRIUM_API_KEY=idk_…`;

export const SDK_STAGE_PHOTO = `import { createAtriumClient, isAtriumError } from "@atrium/sdk";

const { ATRIUM_BASE_URL, ATRIUM_API_KEY } = process.env;
if (!ATRIUM_BASE_URL || !ATRIUM_API_KEY) throw new Error("Set ATRIUM_BASE_URL and ATRIUM_API_KEY first.");
const atrium = createAtriumClient({ baseUrl: ATRIUM_BASE_URL, apiKey: ATRIUM_API_KEY });
const photo = "https://example.com/photos/living-room.jpg";

// One Idempotency-Key per user action: a retry or a double click starts (and charges) one job.
const { jobId, replayed } = await atrium.createJob(
  { source_url: photo, room_type: "living room", redesign_type: "virtual staging", style: "scandinavian", fast: true },
  { idempotencyKey: \`stage-\${photo}\` },
);
console.log(replayed ? "already started:" : "started:", jobId);
try {
  const job = await atrium.waitForJob(jobId); // polls GET /jobs/{jobId} until it is no longer processing
  console.log(job.status, job.data?.output_urls);
} catch (error) {
  if (isAtriumError(error, "job_failed")) console.log("every output failed:", error.message);
  else throw error;
}
const { creditBalance, api_completed_month } = await atrium.me();
console.log({ creditBalance, api_completed_month });`;

export const SDK_VERIFY_WEBHOOK = `import http from "node:http";
import { verifyWebhook, WebhookVerificationError } from "@atrium/sdk";

const secret = process.env.ATRIUM_WEBHOOK_SECRET; // whsec_… from the Developers section
if (!secret) throw new Error("Set ATRIUM_WEBHOOK_SECRET first.");

http
  .createServer((request, response) => {
    let body = ""; // the raw body: verify before parsing it
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      try {
        const event = verifyWebhook({ payload: body, headers: request.headers, secret });
        console.log(event.type, event.id); // event.id stays the same on every retry of a delivery: act once per id
        response.writeHead(204).end();
      } catch (error) {
        response.writeHead(error instanceof WebhookVerificationError ? 400 : 500).end();
      }
    });
  })
  .listen(Number(process.env.PORT ?? 8080));`;

export interface McpConfig {
  /** Which apps take this configuration, and where it goes. */
  apps: string;
  config: string;
}

/** How to add Atrium to an assistant with a sign-in (OAuth): the app, where it is available, and its steps, in order. */
export interface SignInSteps {
  app: string;
  availability: string;
  steps: string[];
  /** A configuration or command the steps refer to. */
  code?: string;
}

const MCP_URL = "https://<your-deployment>/api/mcp";

export const MCP_SIGN_IN: SignInSteps[] = [
  {
    app: "Claude (claude.ai, Claude Desktop and the mobile apps): a custom connector",
    availability:
      "Custom connectors are a beta on Claude's plans; on Team and Enterprise an Owner adds the connector for the organization first (Organization settings → Connectors), then each member connects it. Claude reaches the server from Anthropic's cloud, so the deployment must be on the public internet over https.",
    steps: [
      "Open Settings → Connectors (in some versions Customize → Connectors) and choose Add custom connector.",
      `Name it Atrium and enter ${MCP_URL} as the remote MCP server URL. Leave the OAuth client ID and secret under Advanced settings empty: Claude registers itself.`,
      "Choose Add, then Connect: a browser window opens Atrium's consent page (sign in to Atrium if asked).",
      "Check that the page says it sends you back to claude.ai, choose the workspace and Full access or Read only, and choose Allow.",
      "In a chat, turn Atrium on from the + menu (Connectors) and ask, for example, to stage a photo by its URL.",
    ],
  },
  {
    app: "ChatGPT: an app in developer mode",
    availability:
      "Custom MCP apps with write tools are for ChatGPT Business, Enterprise and Edu workspaces (an admin turns developer mode on in Workspace settings → Permissions & roles → Connected data); Plus and Pro accounts may get read-only use, and the labels change between plans and releases.",
    steps: [
      "Turn on developer mode: Settings → Apps (Apps & Connectors) → Advanced settings → Developer mode.",
      `Choose Create (Create app): name Atrium, a short description, ${MCP_URL} as the MCP server URL, and OAuth as the authentication.`,
      "Choose Create: Atrium's consent page opens; choose the workspace and the access, and Allow. ChatGPT then lists Atrium's tools.",
      "In a chat, choose + → Developer mode and switch Atrium on; ChatGPT asks before each tool that makes something.",
    ],
  },
  {
    app: "Claude Code",
    availability: "Any plan; the sign-in happens in your browser and Claude Code keeps and refreshes the tokens.",
    steps: [
      "Add the server (add --scope user to have it in every project):",
      "Start claude, run /mcp, select atrium and choose Authenticate: the consent page opens in your browser.",
      "Choose the workspace and the access, Allow, and go back to the terminal: /mcp shows atrium as connected.",
    ],
    code: `claude mcp add --transport http atrium ${MCP_URL}`,
  },
  {
    app: "Cursor",
    availability: "Cursor signs in to remote servers with OAuth; its consent page names cursor:// as where you go back to.",
    steps: [
      "Put the server in ~/.cursor/mcp.json (or .cursor/mcp.json in a project), without any key:",
      "Open Cursor Settings → MCP (Tools & MCP): atrium shows that it needs a login. Choose Connect (or Login): the consent page opens in your browser.",
      "Choose the workspace and the access, Allow, and let the browser open Cursor again; atrium's tools are listed.",
    ],
    code: `{
  "mcpServers": {
    "atrium": { "url": "${MCP_URL}" }
  }
}`,
  },
];

/** Over Streamable HTTP with the API key as a Bearer token: only apps that send a configured header. */
export const MCP_REMOTE: McpConfig[] = [
  {
    apps: 'Claude Code: .mcp.json in your project, or claude mcp add --transport http atrium <url> --header "Authorization: Bearer idk_…"',
    config: `{
  "mcpServers": {
    "atrium": {
      "type": "http",
      "url": "https://<your-deployment>/api/mcp",
      "headers": { "Authorization": "Bearer idk_…" }
    }
  }
}`,
  },
  {
    apps: "Cursor: ~/.cursor/mcp.json, or .cursor/mcp.json in a project",
    config: `{
  "mcpServers": {
    "atrium": {
      "url": "https://<your-deployment>/api/mcp",
      "headers": { "Authorization": "Bearer idk_…" }
    }
  }
}`,
  },
];

/**
 * Over stdio, started from the SDK installed in your project: works from any folder.
 * Never `npx atrium-mcp`: outside a project with the SDK, npx fetches a public package of
 * that name, which is not ours, and hands it the key.
 */
export const MCP_STDIO: McpConfig = {
  apps: "Claude Desktop (claude_desktop_config.json, when you would rather use an API key than a connector's sign-in), Cursor, Claude Code and any app that starts local servers",
  config: `{
  "mcpServers": {
    "atrium": {
      "command": "node",
      "args": ["/absolute/path/to/your-project/node_modules/@atrium/sdk/dist/mcp/stdio.js"],
      "env": { "ATRIUM_API_KEY": "idk_…", "ATRIUM_BASE_URL": "https://<your-deployment>/api/v1" }
    }
  }
}`,
};

export const MCP_TOOLS: { name: string; what: string }[] = [
  { name: "stage_photo", what: "stages one photo and waits for the result (1 quota unit)" },
  { name: "get_job_status", what: "reads a staging job, a video or a multi-view set (free)" },
  { name: "inpaint", what: `removes or replaces a masked area (${creditsLabel(CREDIT_COSTS.inpaint)})` },
  { name: "upscale", what: `doubles an image's size (${creditsLabel(CREDIT_COSTS.upscale)})` },
  { name: "create_video", what: `a five-second video (${creditsLabel(CREDIT_COSTS.video)}; premium and business)` },
  {
    name: "create_multiview",
    what: `several views of one room staged alike (${CREDIT_COSTS.multiviewAnchor} + ${CREDIT_COSTS.multiviewSibling} per view)`,
  },
  { name: "describe_property", what: `listing copy from photos and facts (${creditsLabel(CREDIT_COSTS.propertyDescription)})` },
  { name: "get_usage", what: "quota, credit balance and plan (free)" },
];
