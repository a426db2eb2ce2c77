/**
 * The SDK against the real app over HTTP (route handlers, local executor, storage, the
 * local provider): every workflow of the contract through its methods and wait helpers,
 * errors typed by code, its retry rules (through a proxy that fails on cue) and
 * verifyWebhook on a real delivery and on Standard Webhooks signatures.
 */
import net from "node:net";
import sharp from "sharp";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { v1Functions } from "@/inngest/functions/v1";
import { getProviders, setProvidersForTesting } from "@/server/providers";
import { ProviderError } from "@/server/providers/types";
import { setWebhook } from "@/server/v1/services/webhooks/set-webhook";
import { useAppStack } from "@/test/app-stack";
import { startFaultyProxy, type FaultyProxy } from "@/test/faulty-proxy";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";
import { AtriumApiError, createAtriumClient, isAtriumError, verifyWebhook, WebhookVerificationError } from "./index";

vi.hoisted(() => {
  process.env.V1_WEBHOOKS_ENABLED = "true";
});

const stack = useAppStack({ functions: v1Functions, fixtures: true });
let sourceUrl: string;
let maskUrl: string;
let proxy: FaultyProxy;
const fast = { intervalMs: 100, timeoutMs: 60_000 };

beforeAll(async () => {
  sourceUrl = stack.fixtures.serve("/room.jpg", await roomPhoto(160, 120));
  const mask = await sharp({ create: { width: 160, height: 120, channels: 3, background: "#000" } })
    .composite([{ input: { create: { width: 40, height: 30, channels: 3, background: "#fff" } }, left: 60, top: 45 }])
    .png()
    .toBuffer();
  maskUrl = stack.fixtures.serve("/mask.png", mask, "image/png");
  proxy = await startFaultyProxy(stack.app.url);
});
afterAll(() => proxy?.close());

const clientFor = (apiKey: string, base = stack.app.url) =>
  createAtriumClient({ baseUrl: `${base}/api/v1/`, apiKey, retry: { initialDelayMs: 10 } });
const staging = () => ({
  source_url: sourceUrl,
  room_type: "Living Room",
  redesign_type: "virtual staging",
  style: "Scandinavian",
  fast: true,
});

async function rejection(promise: Promise<unknown>): Promise<AtriumApiError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AtriumApiError);
  return error as AtriumApiError;
}

async function delivered(pathname: string, count: number) {
  await vi.waitFor(() => expect(stack.fixtures.received(pathname).length).toBeGreaterThanOrEqual(count), {
    timeout: 30_000,
    interval: 100,
  });
  return stack.fixtures.received(pathname);
}

describe("workflows", () => {
  it("1: stages a photo once under one Idempotency-Key, waits for it, pages, deletes; its webhook verifies", async () => {
    const { accountId, apiKey } = await makeAccount({ plan: "business" });
    const { secret } = await setWebhook(await getDb(), { accountId, url: stack.fixtures.serve("/hook-1", "", "text/plain", 204) });
    const atrium = clientFor(apiKey);

    const created = await atrium.createJob(staging(), { idempotencyKey: "sdk-workflow-1" });
    expect(created.replayed).toBe(false);
    expect(await atrium.createJob(staging(), { idempotencyKey: "sdk-workflow-1" })).toEqual({ ...created, replayed: true });
    const job = await atrium.waitForJob(created.jobId, fast);
    expect(job).toMatchObject({
      status: "completed",
      provider: "local",
      data: { id: created.jobId, room_type: "living_room", style: "scandinavian" },
    });
    expect(job.data?.output_urls).toHaveLength(1);
    expect(await atrium.me()).toMatchObject({ api_completed_month: 1, plan: "business" });

    const second = await atrium.createJob(staging());
    const page1 = await atrium.listJobs({ limit: 1 });
    expect(page1.data.map((record) => record.id)).toEqual([second.jobId]);
    expect(await atrium.listJobs({ limit: 1, cursor: page1.next! })).toMatchObject({ data: [{ id: created.jobId }], next: null });

    const [delivery] = await delivered("/hook-1", 1);
    const event = verifyWebhook({ payload: delivery.body, headers: delivery.headers, secret });
    expect(event).toMatchObject({ type: "job.completed", data: { job_id: created.jobId, kind: "job" } });
    expect(() => verifyWebhook({ payload: delivery.body.replace("completed", "failed"), headers: delivery.headers, secret })).toThrow(
      WebhookVerificationError,
    );

    expect(await atrium.deleteJob({ jobId: created.jobId })).toEqual({ message: `Job ${created.jobId} deleted` });
    expect((await rejection(atrium.getJob(created.jobId))).code).toBe("not_found");
  });

  it("2: creates a multi-view set and waits until every view is terminal", async () => {
    const { apiKey } = await makeAccount({ plan: "premium", credits: 20 });
    const atrium = clientFor(apiKey);
    const other = stack.fixtures.serve("/room-view.jpg", await roomPhoto(180, 120));
    const created = await atrium.createMultiview({
      source_url: sourceUrl,
      additional_view_urls: [other],
      room_type: "living room",
      style: "modern",
    });
    expect(created).toMatchObject({ status: "processing", credits_charged: 1, result: { total_views: 2 } });
    const set = await atrium.waitForRenderSet(created.result!.render_set_id, fast);
    expect(set.status).toBe("completed");
    expect(set.result?.views.map((view) => [view.view_index, view.status])).toEqual([
      [0, "completed"],
      [1, "completed"],
    ]);
    expect((await atrium.me()).creditBalance).toBe(20 - 1 - 6);
  });

  it("3: inpaints, then upscales the first output; 1 + 2 credits", async () => {
    const { apiKey } = await makeAccount({ credits: 10 });
    const atrium = clientFor(apiKey);
    const inpainted = await atrium.inpaint({
      submitted_url: sourceUrl,
      mask_url: maskUrl,
      inpainting_type: "remove",
      render_type: "interior",
    });
    expect(inpainted).toMatchObject({ status: "completed", credits_charged: 1, result: { metadata: { brush_type: "mask" } } });
    const upscaled = await atrium.upscale({ image_url: inpainted.result!.output_urls[0] });
    expect(upscaled).toMatchObject({ status: "completed", credits_charged: 2 });
    const bytes = Buffer.from(await (await fetch(upscaled.result!.output_urls[0])).arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 320, height: 240 });
    expect((await atrium.me()).creditBalance).toBe(7);
  });

  it("4: describes a property from a data URL", async () => {
    const { apiKey } = await makeAccount({ credits: 5 });
    const image = `data:image/jpeg;base64,${(await roomPhoto(96, 72)).toString("base64")}`;
    const described = await clientFor(apiKey).describeProperty({
      images: [image],
      property_data: { property_type: "condo", address: "12 Harbor Lane" },
    });
    expect(described).toMatchObject({
      status: "completed",
      credits_charged: 1,
      result: { image_analysis: [{ index: 0, width: 96, height: 72 }] },
    });
    expect(described.result?.description.length).toBeGreaterThan(20);
  });

  it("video: starts a render and waits for its five-second MP4", async () => {
    const { apiKey } = await makeAccount({ plan: "business", credits: 30 });
    const atrium = clientFor(apiKey);
    const started = await atrium.createVideo({ mode: "zoom_in", image_url: sourceUrl });
    expect(started).toMatchObject({ status: "processing", credits_charged: 27 });
    const video = await atrium.waitForVideo(started.job_id!, { intervalMs: 250, timeoutMs: 120_000 });
    expect(video).toMatchObject({ status: "completed", result: { duration: 5, progress: 100 } });
    expect(video.result?.video_url).toMatch(/^http/);
  });

  it("an aborted wait or call ends with AtriumApiError aborted, the signal's reason as its cause", async () => {
    const { apiKey } = await makeAccount();
    const atrium = clientFor(apiKey);
    const { jobId } = await atrium.createJob(staging());
    const waiting = new AbortController();
    // Well after the first read has answered: the wait is between reads.
    setTimeout(() => waiting.abort(new Error("the user left")), 500);
    const aborted = await rejection(atrium.waitForJob(jobId, { intervalMs: 10_000, signal: waiting.signal }));
    expect([aborted.code, (aborted.cause as Error).message]).toEqual(["aborted", "the user left"]);
    expect((await rejection(atrium.me({ signal: AbortSignal.abort() }))).code).toBe("aborted");
  });

  it("a wait that outlasts its time gives up with wait_timeout", async () => {
    const { apiKey } = await makeAccount();
    const atrium = clientFor(apiKey);
    const { jobId } = await atrium.createJob(staging());
    expect((await rejection(atrium.waitForJob(jobId, { intervalMs: 50, timeoutMs: 1 }))).code).toBe("wait_timeout");
  });
});

describe("errors typed by code", () => {
  it("reads legacy error bodies: 401, 403, 404 and 400 with field details", async () => {
    const { apiKey } = await makeAccount();
    const missing = await rejection(clientFor("").me());
    expect([missing.status, missing.code]).toEqual([401, "missing_api_key"]);
    const invalid = await rejection(clientFor("idk_not-a-real-key").listJobs());
    expect([invalid.status, invalid.code, invalid.envelope]).toEqual([403, "invalid_api_key", null]);
    expect(isAtriumError(invalid, "invalid_api_key")).toBe(true);
    expect(isAtriumError(invalid, "not_found")).toBe(false);
    const unknown = await rejection(clientFor(apiKey).deleteJob({ jobId: "no-such-group" }));
    expect([unknown.status, unknown.code]).toEqual([404, "not_found"]);
    const bad = await rejection(clientFor(apiKey).createJob({ ...staging(), room_type: "garage" }));
    expect([bad.status, bad.code]).toEqual([400, "invalid_request"]);
    expect(JSON.stringify(bad.details)).toContain("room_type");
  });

  it("keeps the failed envelope: a 402 refusal and a synchronous 502 after a refund", async () => {
    const poor = await makeAccount({ credits: 0 });
    const refused = await rejection(clientFor(poor.apiKey).upscale({ image_url: sourceUrl }));
    expect([refused.status, refused.code]).toEqual([402, "insufficient_credits"]);
    expect(refused.envelope).toMatchObject({ job_id: null, status: "failed", result: null, credits_charged: null });

    setProvidersForTesting({
      upscale: { name: "down", upscale: async () => Promise.reject(new ProviderError("The upscaler is down.", { transient: false })) },
    });
    try {
      const { apiKey } = await makeAccount({ credits: 10 });
      const failed = await rejection(clientFor(apiKey).upscale({ image_url: sourceUrl }));
      expect([failed.status, failed.code]).toEqual([502, "provider_error"]);
      expect(failed.envelope).toMatchObject({ job_id: expect.any(String), status: "failed", credits_charged: 0 });
    } finally {
      setProvidersForTesting(null);
    }
  });

  it("reports an unreachable service as v1_unavailable and a foreign answer as unexpected_response", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    expect(
      (
        await rejection(
          createAtriumClient({ baseUrl: `http://127.0.0.1:${closedPort}/api/v1`, apiKey: "idk_x", retry: { maxRetries: 0 } }).me(),
        )
      ).code,
    ).toBe("v1_unavailable");
    const foreign = await rejection(createAtriumClient({ baseUrl: stack.fixtures.url("/not-an-api"), apiKey: "idk_x" }).me());
    expect([foreign.status, foreign.code, foreign.body]).toEqual([404, "unexpected_response", "not found"]);
  });
});

describe("retries", () => {
  it("waits out a 429's Retry-After and sends the request again", async () => {
    const { apiKey } = await makeAccount();
    proxy.fail("/api/v1/me", "rate_limited");
    const started = Date.now();
    expect((await clientFor(apiKey, proxy.url).me()).api_monthly_quota).toBeGreaterThan(0);
    expect(proxy.count("/api/v1/me")).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("sends a generation again after a lost answer under the same Idempotency-Key: one job, one charge", async () => {
    const { apiKey } = await makeAccount({ credits: 10 });
    const atrium = clientFor(apiKey, proxy.url);
    proxy.fail("/api/v1/upscale", "lost_answer");
    const upscaled = await atrium.upscale({ image_url: sourceUrl });
    expect(upscaled).toMatchObject({ status: "completed", credits_charged: 2 });
    expect(proxy.count("/api/v1/upscale")).toBe(2);
    expect(await clientFor(apiKey).me()).toMatchObject({ api_completed_month: 1, creditBalance: 8 });
  });

  it("never sends a request without an Idempotency-Key again after a 5xx", async () => {
    const { apiKey } = await makeAccount();
    const atrium = clientFor(apiKey, proxy.url);
    const { jobId } = await atrium.createJob(staging());
    proxy.fail("/api/v1/delete", "lost_answer");
    const lost = await rejection(atrium.deleteJob({ jobId }));
    expect([lost.status, lost.code]).toEqual([502, "v1_unavailable"]);
    expect(proxy.count("/api/v1/delete")).toBe(1);
  });

  it("waits for the first of two simultaneous calls with one Idempotency-Key, then gets its answer replayed: one charge", async () => {
    const local = getProviders().upscale;
    // The first call holds the key long enough for the second to find it in flight (409 idempotency_conflict).
    setProvidersForTesting({
      upscale: {
        name: local.name,
        upscale: async (...args) => (await new Promise((resolve) => setTimeout(resolve, 1_500)), local.upscale(...args)),
      },
    });
    try {
      const { apiKey } = await makeAccount({ credits: 10 });
      const atrium = clientFor(apiKey, proxy.url);
      const before = proxy.count("/api/v1/upscale");
      const first = atrium.upscale({ image_url: sourceUrl }, { idempotencyKey: "sdk-simultaneous" });
      await vi.waitFor(() => expect(proxy.count("/api/v1/upscale") - before).toBe(1), { interval: 10 });
      const second = atrium.upscale({ image_url: sourceUrl }, { idempotencyKey: "sdk-simultaneous" });
      // Either may reach the service first: the other is refused while it runs, asks again, and gets its answer replayed.
      const answers = await Promise.all([first, second]);
      expect(proxy.count("/api/v1/upscale") - before).toBeGreaterThan(2);
      expect(answers.map((answer) => answer.replayed).sort()).toEqual([false, true]);
      expect({ ...answers[0], replayed: null }).toEqual({ ...answers[1], replayed: null });
      expect(answers[0]).toMatchObject({ status: "completed", credits_charged: 2 });
      expect(await clientFor(apiKey).me()).toMatchObject({ api_completed_month: 1, creditBalance: 8 });
    } finally {
      setProvidersForTesting(null);
    }
  });

  it("does not send a generation's final failure again", async () => {
    setProvidersForTesting({
      upscale: { name: "down", upscale: async () => Promise.reject(new ProviderError("The upscaler is down.", { transient: false })) },
    });
    try {
      const { apiKey } = await makeAccount({ credits: 10 });
      const before = proxy.count("/api/v1/upscale");
      expect((await rejection(clientFor(apiKey, proxy.url).upscale({ image_url: sourceUrl }))).code).toBe("provider_error");
      expect(proxy.count("/api/v1/upscale") - before).toBe(1);
    } finally {
      setProvidersForTesting(null);
    }
  });
});

describe("verifyWebhook", () => {
  const secret = `whsec_${Buffer.from("a".repeat(32)).toString("base64")}`;
  const payload = JSON.stringify({
    api_version: "v1",
    id: "evt_1",
    type: "job.completed",
    created_at: new Date().toISOString(),
    data: { job_id: "j", kind: "job", status: "completed" },
  });
  const standardHeaders = (at = new Date(), key = secret) => ({
    "webhook-id": "evt_1",
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(key).sign("evt_1", at, payload),
  });

  it("checks Standard Webhooks signatures as the standardwebhooks library signs them, rotation's second signature included", () => {
    expect(verifyWebhook({ payload, headers: new Headers(standardHeaders()), secret }).id).toBe("evt_1");
    const other = `whsec_${Buffer.from("b".repeat(32)).toString("base64")}`;
    const rotated = {
      ...standardHeaders(),
      "webhook-signature": `${standardHeaders(new Date(), other)["webhook-signature"]} ${standardHeaders()["webhook-signature"]}`,
    };
    expect(verifyWebhook({ payload, headers: rotated, secret }).id).toBe("evt_1");
    expect(() => verifyWebhook({ payload, headers: standardHeaders(new Date(), other), secret })).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook({ payload, headers: standardHeaders(new Date(Date.now() - 10 * 60_000)), secret })).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifyWebhook({ payload: payload.replace("j", "k"), headers: standardHeaders(), secret })).toThrow(
      WebhookVerificationError,
    );
  });

  it("refuses a contract signature that is stale or for another secret, and a request with no signature", async () => {
    const { accountId, apiKey } = await makeAccount();
    const { secret: endpointSecret } = await setWebhook(await getDb(), {
      accountId,
      url: stack.fixtures.serve("/hook-2", "", "text/plain", 204),
    });
    await clientFor(apiKey).createJob(staging());
    const [delivery] = await delivered("/hook-2", 1);
    const contractOnly = Object.fromEntries(Object.entries(delivery.headers).filter(([name]) => !name.startsWith("webhook-")));
    expect(verifyWebhook({ payload: delivery.body, headers: contractOnly, secret: endpointSecret }).type).toMatch(/^job\./);
    expect(() => verifyWebhook({ payload: delivery.body, headers: contractOnly, secret: `${endpointSecret}x` })).toThrow(
      WebhookVerificationError,
    );
    const stale = { ...contractOnly, "x-service-timestamp": String(Math.floor(Date.now() / 1000) - 600) };
    expect(() => verifyWebhook({ payload: delivery.body, headers: stale, secret: endpointSecret })).toThrow(/5 minutes/);
    expect(() => verifyWebhook({ payload: delivery.body, headers: {}, secret: endpointSecret })).toThrow(/no webhook signature/);
  });
});
