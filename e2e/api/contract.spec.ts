/**
 * Contract specs: the 13 routes of docs/v1-api.md against the production build (`next
 * start`), through the typed client, which parses every answer with the contract's zod
 * schemas. Each test makes its own key with the admin command line, as an integrator would,
 * so the tests hold in any order and alone.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import http from "node:http";
import { test as base, expect } from "@playwright/test";
import sharp from "sharp";
import { AtriumApiError, createAtriumClient, type AtriumClient } from "@atrium/sdk";
import { PLAN_TABLE } from "../../shared/plans";

const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? 3199);
const fixtureUrl = (name: string) => `http://127.0.0.1:${FIXTURE_PORT}/${name}`;

/**
 * Asynchronous on purpose: a worker blocked for the seconds the command takes cannot see the
 * server close an idle kept-alive connection, and its next request then goes out on the
 * closed socket ("other side closed").
 */
async function adminCreate(plan: string, credits: number): Promise<string> {
  const { stdout } = await promisify(execFile)(
    "npx",
    ["tsx", "cli/index.ts", "account", "create", "--name", `contract-${plan}`, "--plan", plan, "--credits", String(credits), "--json"],
    {
      env: process.env,
      encoding: "utf8",
    },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!).api_key;
}

/**
 * Each test has its own setup, so any one of them runs alone, in any order, or again on
 * a retry: its own fresh account (business plan, 200 credits) and the source images,
 * served from the allow-listed loopback port for as long as the worker lives.
 */
const test = base.extend<{ v1: { client: AtriumClient; apiKey: string; baseUrl: string } }, { files: Map<string, Buffer> }>({
  files: [
    async ({}, use) => {
      const room = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#d9d4c7" } })
        .composite([
          { input: { create: { width: 320, height: 90, channels: 3, background: "#8a6642" } }, top: 150, left: 0 },
          { input: { create: { width: 120, height: 50, channels: 3, background: "#2e3440" } }, top: 120, left: 100 },
        ])
        .jpeg()
        .toBuffer();
      const mask = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#000" } })
        .composite([{ input: { create: { width: 130, height: 60, channels: 3, background: "#fff" } }, top: 115, left: 95 }])
        .png()
        .toBuffer();
      const files = new Map([
        ["room.jpg", room],
        ["mask.png", mask],
      ]);
      const server = http.createServer((req, res) => {
        const body = files.get((req.url ?? "/").slice(1));
        if (!body) return void res.writeHead(404).end();
        res.writeHead(200, { "content-type": req.url!.endsWith(".png") ? "image/png" : "image/jpeg" }).end(body);
      });
      await new Promise<void>((resolve) => server.listen(FIXTURE_PORT, "127.0.0.1", resolve));
      await use(files);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: "worker", auto: true },
  ],
  v1: async ({ baseURL }, use) => {
    const baseUrl = `${baseURL}/api/v1`;
    const apiKey = await adminCreate("business", 200);
    await use({ client: createAtriumClient({ baseUrl, apiKey }), apiKey, baseUrl });
  },
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
}

test("GET /me and authentication", async ({ v1: { client, baseUrl }, request }) => {
  // An account created without --quota gets its plan's quota from the plan table (shared/plans.ts).
  expect(await client.me()).toEqual({
    api_monthly_quota: PLAN_TABLE.business.monthlyQuota,
    api_total_completed: 0,
    api_completed_month: 0,
    creditBalance: 200,
    plan: "business",
  });
  const missing = await request.get(`${baseUrl}/me`);
  expect(missing.status()).toBe(401);
  expect(await missing.json()).toEqual({ error: "The x-api-key header is missing.", code: "missing_api_key" });
  const invalid = await request.get(`${baseUrl}/me`, { headers: { "x-api-key": "idk_nope" } });
  expect([invalid.status(), (await invalid.json()).code]).toEqual([403, "invalid_api_key"]);
});

test("workflow 1: POST /job (and /job/), GET /jobs/{id}, GET /jobs, POST /delete", async ({ v1: { client, apiKey, baseUrl }, request }) => {
  const { jobId } = await client.createJob({
    source_url: fixtureUrl("room.jpg"),
    room_type: "bedroom",
    redesign_type: "staging",
    style: "japandi",
    fast: true,
  });
  const done = await until(
    () => client.getJob(jobId),
    (s) => s.status !== "processing",
  );
  expect(done.status).toBe("completed");
  expect(done.data?.output_urls).toHaveLength(1);
  const slash = await request.post(`${baseUrl}/job/`, { headers: { "x-api-key": apiKey }, data: {}, maxRedirects: 0 });
  expect([slash.status(), (await slash.json()).code]).toEqual([400, "invalid_request"]);
  const page = await client.listJobs({ limit: 1 });
  expect(page.data[0].id).toBe(jobId);
  expect(await client.deleteJob({ jobId })).toEqual({ message: `Job ${jobId} deleted` });
  const gone = await client.getJob(jobId).catch((e: AtriumApiError) => e);
  expect((gone as AtriumApiError).status).toBe(404);
});

test("workflow 3: POST /inpaint then POST /upscale", async ({ v1: { client } }) => {
  const inpainted = await client.inpaint({
    submitted_url: fixtureUrl("room.jpg"),
    mask_url: fixtureUrl("mask.png"),
    inpainting_type: "remove",
    render_type: "interior",
  });
  expect(inpainted).toMatchObject({ status: "completed", credits_charged: 1 });
  const upscaled = await client.upscale({ image_url: inpainted.result!.output_urls[0] });
  expect(upscaled).toMatchObject({ status: "completed", credits_charged: 2 });
  const meta = await sharp(Buffer.from(await (await fetch(upscaled.result!.output_urls[0])).arrayBuffer())).metadata();
  expect([meta.width, meta.height]).toEqual([640, 480]);
});

test("workflow 2: POST /multiview, GET /multiview, POST /multiview/redo", async ({ v1: { client } }) => {
  const created = await client.createMultiview({
    source_url: fixtureUrl("room.jpg"),
    additional_view_urls: [fixtureUrl("room.jpg")],
    room_type: "living room",
    style: "modern",
  });
  expect(created).toMatchObject({
    status: "processing",
    credits_charged: 1,
    result: { total_views: 2, credits: { anchor_charged: 1, sibling_cost_each: 6, siblings_pending: 1 } },
  });
  const setId = created.result!.render_set_id;
  const done = await until(
    () => client.getMultiview(setId),
    (s) => s.status !== "processing",
  );
  expect(done).toMatchObject({ status: "completed", credits_charged: null, result: { total: 2, completed: 2, failed: 0 } });
  const redo = await client.redoMultiview({ render_set_id: setId, view_index: 1 });
  expect(redo).toMatchObject({ status: "processing", credits_charged: 0, result: { view_index: 1 } });
  const anchorRedo = await client.redoMultiview({ render_set_id: setId, view_index: 0 }).catch((e: AtriumApiError) => e);
  expect((anchorRedo as AtriumApiError).code).toBe("view_not_redoable");
});

test("video: POST /video and GET /video", async ({ v1: { client } }) => {
  const created = await client.createVideo({ mode: "pan", image_url: fixtureUrl("room.jpg") });
  expect(created).toMatchObject({ status: "processing", credits_charged: 27, result: { mode: "pan", duration: 5 } });
  const done = await until(
    () => client.getVideo(created.job_id!),
    (s) => s.status !== "processing",
    110_000,
  );
  expect(done).toMatchObject({ status: "completed", result: { progress: 100, duration: 5 } });
  const video = Buffer.from(await (await fetch(done.result!.video_url!)).arrayBuffer());
  expect(video.subarray(4, 8).toString("latin1")).toBe("ftyp");
});

test("workflow 4: POST /tools/property-description", async ({ v1: { client }, files }) => {
  const described = await client.describeProperty({
    images: [files.get("room.jpg")!.toString("base64")],
    property_data: { property_type: "loft", address: "5 Mill Street" },
  });
  expect(described).toMatchObject({ status: "completed", credits_charged: 1 });
  expect(described.result!.description).toContain("Mill Street");
  expect(described.result!.image_analysis[0]).toMatchObject({ index: 0, width: 320, height: 240, orientation: "landscape" });
});

test("paths that are not routes answer the API's JSON 404", async ({ v1: { apiKey }, request, baseURL }) => {
  for (const path of ["/api/v1/jobs/%", "/api/v1/nothing-here", "/api/v1/", "/api/v1"]) {
    const response = await request.get(`${baseURL}${path}`, { headers: { "x-api-key": apiKey }, maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.json(), path).toEqual({ error: "Not found.", code: "not_found" });
  }
});

test("a method a route does not take answers 405 with the route's error body, x-request-id and Allow", async ({
  v1: { apiKey },
  request,
  baseURL,
}) => {
  const headers = { "x-api-key": apiKey };
  const wrongGet = await request.get(`${baseURL}/api/v1/job`, { headers });
  expect([wrongGet.status(), wrongGet.headers()["allow"]]).toEqual([405, "POST, OPTIONS"]);
  expect(wrongGet.headers()["x-request-id"]).toMatch(/^req_[0-9a-f]{32}$/);
  expect(await wrongGet.json()).toEqual({ error: expect.any(String), code: "method_not_allowed" });
  const wrongDelete = await request.delete(`${baseURL}/api/v1/video`, { headers });
  expect([wrongDelete.status(), wrongDelete.headers()["allow"]]).toEqual([405, "POST, GET, HEAD, OPTIONS"]);
  expect(await wrongDelete.json()).toMatchObject({ status: "failed", error: { code: "method_not_allowed" } });
  const options = await request.fetch(`${baseURL}/api/v1/inpaint`, { method: "OPTIONS" });
  expect([options.status(), options.headers()["allow"]]).toEqual([204, "POST, OPTIONS"]);
});

test("a trailing slash is served, not redirected", async ({ v1: { apiKey, baseUrl }, request }) => {
  for (const path of ["/me/", "/jobs/"]) {
    const response = await request.get(`${baseUrl}${path}`, { headers: { "x-api-key": apiKey }, maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
  }
});

test("the OpenAPI document lists the 13 routes", async ({ request, baseURL }) => {
  const doc = await (await request.get(`${baseURL}/api/openapi.json`)).json();
  const operations = Object.entries(doc.paths as Record<string, object>).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => ["get", "post"].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
  expect(operations).toHaveLength(13);
});
