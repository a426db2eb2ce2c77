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

/** Over Streamable HTTP with the API key as a Bearer token: only apps that send a configured header. */
export const MCP_REMOTE: McpConfig[] = [
  {
    apps: "Claude Code: .mcp.json in your project, or claude mcp add --transport http atrium <url> --header \"Authorization: Bearer idk_…\"",
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
  apps: "Claude Desktop (claude_desktop_config.json; its connectors cannot send an API key), Cursor, Claude Code and any app that starts local servers",
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
  { name: "create_multiview", what: `several views of one room staged alike (${CREDIT_COSTS.multiviewAnchor} + ${CREDIT_COSTS.multiviewSibling} per view)` },
  { name: "describe_property", what: `listing copy from photos and facts (${creditsLabel(CREDIT_COSTS.propertyDescription)})` },
  { name: "get_usage", what: "quota, credit balance and plan (free)" },
];
