/**
 * The SDK as a customer gets it: `npm pack` of packages/sdk, installed into a fresh
 * project outside the repository, whose plain Node scripts run workflow 1 (stage a photo
 * and wait) and workflow 3 (inpaint then upscale) against the running app with a key,
 * and verify the webhook delivery that followed. The project's TypeScript files, the
 * /docs page's SDK samples among them, are type-checked under `tsc --strict` against the
 * packed declarations as a customer's editor would read them; the docs' stage-a-photo
 * sample and webhook receiver run as written; and the docs' local MCP configuration,
 * started from an empty folder, answers an MCP client over stdio.
 */
import { execFile, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { MCP_STDIO, SDK_STAGE_PHOTO, SDK_VERIFY_WEBHOOK } from "@/app/docs/sdk-samples";
import { getDb } from "@/db/client";
import { v1Functions } from "@/inngest/functions/v1";
import { setWebhook } from "@/server/v1/services/webhooks/set-webhook";
import { useAppStack } from "@/test/app-stack";
import { makeAccount } from "@/test/fixtures";
import { freePort } from "@/test/process-harness";
import { roomPhoto } from "@/test/images";

vi.hoisted(() => {
  process.env.V1_WEBHOOKS_ENABLED = "true";
});

const stack = useAppStack({ functions: v1Functions, fixtures: true });
const repo = path.resolve(import.meta.dirname, "../..");
let scratch: string;

const WORKFLOWS = `import { createAtriumClient } from "@atrium/sdk";

const atrium = createAtriumClient({ baseUrl: process.env.ATRIUM_BASE_URL, apiKey: process.env.ATRIUM_API_KEY });
const { jobId } = await atrium.createJob(
  { source_url: process.env.PHOTO_URL, room_type: "living room", redesign_type: "virtual staging", style: "scandinavian", fast: true },
  { idempotencyKey: "scratch-workflow-1" },
);
const job = await atrium.waitForJob(jobId, { intervalMs: 200 });
const inpainted = await atrium.inpaint({ submitted_url: process.env.PHOTO_URL, mask_url: process.env.MASK_URL, inpainting_type: "remove", render_type: "interior" });
const upscaled = await atrium.upscale({ image_url: inpainted.result.output_urls[0] });
console.log(JSON.stringify({ jobId, job, inpainted, upscaled, me: await atrium.me() }));
`;

const VERIFY = `import { readFileSync } from "node:fs";
import { verifyWebhook, WebhookVerificationError } from "@atrium/sdk";

const { payload, headers } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const event = verifyWebhook({ payload, headers, secret: process.env.ATRIUM_WEBHOOK_SECRET });
let forged = "accepted";
try {
  verifyWebhook({ payload: payload.replace("completed", "failed"), headers, secret: process.env.ATRIUM_WEBHOOK_SECRET });
} catch (error) {
  forged = error instanceof WebhookVerificationError ? "refused" : String(error);
}
console.log(JSON.stringify({ event, forged }));
`;

const TYPED = `import { createAtriumClient, isAtriumError, type JobRequest, type WebhookEvent } from "@atrium/sdk";
import { createAtriumMcpServer } from "@atrium/sdk/mcp";

const request: JobRequest = { source_url: "https://example.com/a.jpg", room_type: "bedroom", redesign_type: "staging", style: "modern" };
const atrium = createAtriumClient({ baseUrl: "https://atrium.example/api/v1", apiKey: "idk_x" });
export async function run(): Promise<string[]> {
  const { jobId } = await atrium.createJob(request);
  const job = await atrium.waitForJob(jobId);
  createAtriumMcpServer(atrium);
  return job.data?.output_urls ?? [];
}
export const failed = (error: unknown) => isAtriumError(error, "insufficient_credits");
export type Kind = WebhookEvent["data"]["kind"];
`;

const run = (command: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  execFileSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-sdk-scratch-"));
  const tarball = run("npm", ["pack", "-w", "packages/sdk", "--pack-destination", scratch, "--json"], repo);
  const [{ filename }] = JSON.parse(tarball.slice(tarball.indexOf("["))) as { filename: string }[];
  fs.writeFileSync(path.join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }));
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", path.join(scratch, filename)], scratch);
  fs.writeFileSync(path.join(scratch, "workflows.mjs"), WORKFLOWS);
  fs.writeFileSync(path.join(scratch, "verify.mjs"), VERIFY);
  fs.writeFileSync(path.join(scratch, "typed.ts"), TYPED);
  fs.writeFileSync(path.join(scratch, "docs-sample.ts"), SDK_STAGE_PHOTO);
  fs.writeFileSync(path.join(scratch, "docs-receiver.ts"), SDK_VERIFY_WEBHOOK);
}, 300_000);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

it(
  "installs from the packed tarball, runs workflows 1 and 3 against the app, verifies the webhook, serves MCP over stdio",
  { timeout: 180_000 },
  async () => {
    expect(fs.realpathSync(path.join(scratch, "node_modules/@atrium/sdk")).startsWith(repo)).toBe(false);
    const { accountId, apiKey } = await makeAccount({ plan: "business", credits: 10 });
    const { secret } = await setWebhook(await getDb(), { accountId, url: stack.fixtures.serve("/hook", "", "text/plain", 204) });
    const mask = await sharp({ create: { width: 160, height: 120, channels: 3, background: "#000" } })
      .composite([{ input: { create: { width: 40, height: 30, channels: 3, background: "#fff" } }, left: 60, top: 45 }])
      .png()
      .toBuffer();
    const env = {
      ATRIUM_BASE_URL: `${stack.app.url}/api/v1`,
      ATRIUM_API_KEY: apiKey,
      PHOTO_URL: stack.fixtures.serve("/room.jpg", await roomPhoto(160, 120)),
      MASK_URL: stack.fixtures.serve("/mask.png", mask, "image/png"),
    };
    // Asynchronously: the app serves this process's event loop, which a synchronous child would block.
    const node = (script: string) =>
      new Promise<string>((resolve, reject) =>
        execFile("node", [script], { cwd: scratch, env: { ...process.env, ...env } }, (error, stdout, stderr) =>
          error ? reject(new Error(stderr || String(error))) : resolve(stdout),
        ),
      );
    const result = JSON.parse(await node("workflows.mjs"));
    expect(result.job).toMatchObject({ status: "completed", provider: "local" });
    expect(result.inpainted).toMatchObject({ status: "completed", credits_charged: 1 });
    expect(result.upscaled).toMatchObject({ status: "completed", credits_charged: 2 });
    expect(result.me).toMatchObject({ api_completed_month: 3, creditBalance: 7, plan: "business" });

    await vi.waitFor(() => expect(stack.fixtures.received("/hook").length).toBeGreaterThan(0), { timeout: 30_000, interval: 100 });
    const [delivery] = stack.fixtures.received("/hook");
    fs.writeFileSync(path.join(scratch, "delivery.json"), JSON.stringify({ payload: delivery.body, headers: delivery.headers }));
    const verified = JSON.parse(run("node", ["verify.mjs", "delivery.json"], scratch, { ATRIUM_WEBHOOK_SECRET: secret }));
    expect(verified).toEqual({
      event: expect.objectContaining({ type: "job.completed", data: expect.objectContaining({ job_id: result.jobId }) }),
      forged: "refused",
    });

    // The docs page's samples, as written (the photo's example address swapped for the served one).
    const photoSample = fs
      .readFileSync(path.join(scratch, "docs-sample.ts"), "utf8")
      .replace("https://example.com/photos/living-room.jpg", env.PHOTO_URL);
    fs.writeFileSync(path.join(scratch, "docs-sample.mjs"), photoSample);
    expect(await node("docs-sample.mjs")).toMatch(/^started: \S+\ncompleted \[\s*'http.*\{ creditBalance: 7, api_completed_month: 4 \}/s);
    expect(await node("docs-sample.mjs")).toMatch(/^already started: /);
    fs.copyFileSync(path.join(scratch, "docs-receiver.ts"), path.join(scratch, "docs-receiver.mjs"));
    const port = await freePort();
    const receiver = spawn("node", ["docs-receiver.mjs"], {
      cwd: scratch,
      env: { ...process.env, PORT: String(port), ATRIUM_WEBHOOK_SECRET: secret },
    });
    try {
      const signed = Object.fromEntries(
        Object.entries(delivery.headers).filter(([name]) => /^(webhook-|x-service-|content-type)/.test(name)),
      ) as Record<string, string>;
      const post = (payload: string) =>
        fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: payload, headers: signed }).catch(() => null);
      await vi.waitFor(async () => expect((await post(delivery.body))?.status).toBe(204), { timeout: 30_000, interval: 200 });
      expect((await post(delivery.body.replace("completed", "failed")))?.status).toBe(400);
    } finally {
      receiver.kill();
    }

    // The docs' local MCP configuration with the installed package's path, key and address put in, started from an empty folder.
    const filled = MCP_STDIO.config
      .replace("/absolute/path/to/your-project", scratch)
      .replace("idk_…", apiKey)
      .replace("https://<your-deployment>/api/v1", env.ATRIUM_BASE_URL);
    const server = (JSON.parse(filled) as { mcpServers: { atrium: { command: string; args: string[]; env: Record<string, string> } } })
      .mcpServers.atrium;
    const client = new Client({ name: "scratch", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(
      new StdioClientTransport({
        ...server,
        env: { PATH: process.env.PATH ?? "", ...server.env },
        cwd: fs.mkdtempSync(path.join(os.tmpdir(), "atrium-empty-")),
        stderr: "pipe",
      }),
    );
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("stage_photo");
      expect((await client.callTool({ name: "get_usage", arguments: {} })).structuredContent).toMatchObject({
        api_completed_month: 4,
        credit_balance: 7,
      });
    } finally {
      await client.close();
    }

    const tsc = path.join(repo, "node_modules/.bin/tsc");
    const flags = [
      "--noEmit",
      "--strict",
      "--skipLibCheck",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
      "--target",
      "es2022",
      "--lib",
      "es2023,dom",
      "--types",
      "node",
    ];
    run(tsc, [...flags, "--typeRoots", path.join(repo, "node_modules/@types"), "typed.ts", "docs-sample.ts", "docs-receiver.ts"], scratch);
  },
);
