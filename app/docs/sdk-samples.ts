/**
 * The docs page's TypeScript SDK and AI-assistant samples. The SDK sample is run as
 * written by packages/sdk/pack.http.test.ts, from the packed package in a scratch
 * project, so the page cannot drift from what the SDK does.
 */

export const SDK_INSTALL = `# In a checkout of the Atrium repository: pack the SDK once
npm pack -w packages/sdk                 # → atrium-sdk-0.1.0.tgz
# In your project (Node 20+, "type": "module"):
npm install /path/to/atrium-sdk-0.1.0.tgz
export BASE_URL=https://<your-deployment>/api/v1 API_KEY=idk_… PHOTO_URL=https://…/living-room.jpg`;

export const SDK_STAGE_PHOTO = `import { createAtriumClient, isAtriumError } from "@atrium/sdk";

const atrium = createAtriumClient({ baseUrl: process.env.BASE_URL, apiKey: process.env.API_KEY });

// One Idempotency-Key per user action: a retry or a double click starts (and charges) one job.
const { jobId } = await atrium.createJob(
  { source_url: process.env.PHOTO_URL, room_type: "living room", redesign_type: "virtual staging", style: "scandinavian", fast: true },
  { idempotencyKey: \`stage-\${process.env.PHOTO_URL}\` },
);
try {
  const job = await atrium.waitForJob(jobId); // polls GET /jobs/{jobId} until it is no longer processing
  console.log(job.status, job.data?.output_urls);
} catch (error) {
  if (isAtriumError(error, "job_failed")) console.log("every output failed:", error.message);
  else throw error;
}
const { creditBalance, api_completed_month } = await atrium.me();
console.log({ creditBalance, api_completed_month });`;

export const SDK_VERIFY_WEBHOOK = `import { verifyWebhook, WebhookVerificationError } from "@atrium/sdk";

// rawBody: the request body exactly as received; headers: the request's headers.
try {
  const event = verifyWebhook({ payload: rawBody, headers, secret: process.env.WEBHOOK_SECRET });
  // event.id stays the same on every retry of a delivery: act once per id.
} catch (error) {
  if (error instanceof WebhookVerificationError) return new Response(null, { status: 400 });
  throw error;
}`;

export const MCP_REMOTE = `{
  "mcpServers": {
    "atrium": {
      "type": "http",
      "url": "https://<your-deployment>/api/mcp",
      "headers": { "Authorization": "Bearer idk_…" }
    }
  }
}`;

export const MCP_STDIO = `{
  "mcpServers": {
    "atrium": {
      "command": "npx",
      "args": ["atrium-mcp"],
      "env": { "ATRIUM_API_KEY": "idk_…", "ATRIUM_BASE_URL": "https://<your-deployment>/api/v1" }
    }
  }
}`;

export const MCP_TOOLS: { name: string; what: string }[] = [
  { name: "stage_photo", what: "stages one photo and waits for the result (1 quota unit)" },
  { name: "get_job_status", what: "reads a staging job, a video or a multi-view set (free)" },
  { name: "inpaint", what: "removes or replaces a masked area (1 credit)" },
  { name: "upscale", what: "doubles an image's size (2 credits)" },
  { name: "create_video", what: "a five-second video (27 credits; premium and business)" },
  { name: "create_multiview", what: "several views of one room staged alike (1 + 6 per view)" },
  { name: "describe_property", what: "listing copy from photos and facts (1 credit)" },
  { name: "get_usage", what: "quota, credit balance and plan (free)" },
];
