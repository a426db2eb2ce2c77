/**
 * Webhooks end to end (D11, D16): a job group finishes and each endpoint that asked for
 * the event gets it, signed with the contract's headers and the Standard Webhooks ones
 * (checked with the `standardwebhooks` library); a failing receiver is retried on the
 * schedule with the same webhook-id, every attempt lands in the delivery log, and a
 * manual redeliver succeeds; during a secret rotation both secrets sign.
 */
import crypto from "node:crypto";
import http from "node:http";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { v1Functions } from "@/inngest/functions/v1";
import { createVerbContext } from "@/server/context";
import { useAppStack } from "@/test/app-stack";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";
import { attemptDelivery } from "./attempt-delivery";
import { createEndpoint } from "./create-endpoint";
import { emitWebhook } from "./emit-webhook";
import { listDeliveries } from "./list-deliveries";
import { queueDeliveries } from "./queue-deliveries";
import { redeliver } from "./redeliver";
import { rescueDeliveries } from "./rescue-deliveries";
import { rotateEndpointSecret } from "./rotate-endpoint-secret";
import { sendTestEvent } from "./send-test-event";
import { verifyWebhook } from "./sign-webhook";

// Runs before the imports below are evaluated, so env.ts sees webhooks enabled.
vi.hoisted(() => {
  process.env.V1_WEBHOOKS_ENABLED = "true";
});

interface Delivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const stack = useAppStack({ functions: v1Functions });
let receiver: http.Server;
const deliveries: Delivery[] = [];
/** Answers for the next deliveries to a path, in order; 204 when none is queued. */
const answers = new Map<string, number[]>();
/** Paths answered only after this many milliseconds, and the most requests seen at once on each. */
const delays = new Map<string, number>();
const open = { now: new Map<string, number>(), most: new Map<string, number>() };
let photo: Buffer;

// One loopback server (the allow-listed fixture port) plays both the photo host and the receivers.
const origin = `http://127.0.0.1:${process.env.FIXTURE_PORT}`;

beforeAll(async () => {
  photo = await roomPhoto(96, 72);
  receiver = http.createServer((req, res) => {
    if (req.method === "GET") return void res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      deliveries.push({ path, headers: req.headers, body });
      const status = answers.get(path)?.shift() ?? 204;
      const now = (open.now.get(path) ?? 0) + 1;
      open.now.set(path, now);
      open.most.set(path, Math.max(now, open.most.get(path) ?? 0));
      setTimeout(
        () => {
          open.now.set(path, (open.now.get(path) ?? 1) - 1);
          res
            .writeHead(status, status === 302 ? { location: "http://127.0.0.1:1/elsewhere" } : { "content-type": "text/plain" })
            .end(`answer ${status} ${"x".repeat(2000)}`);
        },
        delays.get(path) ?? 0,
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(Number(process.env.FIXTURE_PORT), "127.0.0.1", resolve));
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function until<T>(probe: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const to = (path: string) => deliveries.filter((d) => d.path === path);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** D11: `sha256=` and the hex HMAC-SHA256, keyed by the secret's UTF-8 bytes, of `timestamp + "." + raw body`. */
function expectedSignature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${crypto.createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestamp}.${rawBody}`).digest("hex")}`;
}

function expectSigned(delivery: Delivery, secret: string) {
  const headers = delivery.headers as Record<string, string>;
  // The contract's signature (D11), checked as a receiver would, from D11 alone…
  const timestamp = headers["x-service-timestamp"];
  expect(timestamp).toMatch(/^\d+$/);
  expect(Math.abs(Number(timestamp) - nowSeconds())).toBeLessThan(300);
  expect(headers["x-service-signature"]).toBe(expectedSignature(secret, timestamp, delivery.body));
  expect(headers["x-service-signature"]).not.toBe(expectedSignature("whsec_wrong", timestamp, delivery.body));
  // …and our receiver-side helper agrees.
  expect(verifyWebhook(secret, { timestamp, signature: headers["x-service-signature"] }, delivery.body, nowSeconds())).toBe(true);
  // …and Standard Webhooks', as its reference library verifies it (D16).
  expect(headers["webhook-timestamp"]).toBe(headers["x-service-timestamp"]);
  expect(new Webhook(secret).verify(delivery.body, headers)).toEqual(JSON.parse(delivery.body));
  expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(delivery.body, headers)).toThrow();
}

describe("webhooks", () => {
  it("delivers job.completed to each endpoint that asked for it, retries failures with the same webhook-id, and logs every attempt", async () => {
    const db = await getDb();
    const { apiKey, accountId } = await makeAccount({ plan: "free" });
    const flaky = await createEndpoint(db, { accountId, url: `${origin}/flaky`, eventTypes: ["job.completed", "job.failed"] });
    const steady = await createEndpoint(db, { accountId, url: `${origin}/steady`, eventTypes: ["job.completed", "job.failed"] });
    const uninterested = await createEndpoint(db, { accountId, url: `${origin}/nothing`, eventTypes: ["job.failed"] });
    // The first attempt fails, the scheduled retry 5 s later is redirected (a failure too); a redeliver then succeeds.
    answers.set("/flaky", [500, 302]);
    const created = await fetch(`${stack.app.url}/api/v1/job`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify({ source_url: `${origin}/room.jpg`, room_type: "bedroom", redesign_type: "declutter" }),
    });
    const { jobId } = (await created.json()) as { jobId: string };

    await until(
      () => to("/flaky").length + to("/steady").length,
      (n) => n >= 3,
    );
    expect(to("/steady")).toHaveLength(1);
    expect(to("/flaky")).toHaveLength(2);
    const body = JSON.parse(to("/steady")[0].body);
    expect(body).toMatchObject({ api_version: "v1", type: "job.completed", data: { job_id: jobId, kind: "job", status: "completed" } });
    expect(body.id).toMatch(/^evt_[0-9a-f]{32}$/);
    for (const delivery of to("/flaky")) {
      expect(delivery.body).toBe(to("/steady")[0].body);
      expect(delivery.headers["webhook-id"]).toBe(body.id);
      expectSigned(delivery, flaky.secret);
    }
    expectSigned(to("/steady")[0], steady.secret);
    expect(to("/nothing")).toHaveLength(0);
    expect(JSON.stringify(deliveries)).not.toContain(flaky.secret);

    // The receiver has answered; the attempt's row is written just after.
    const log = await until(
      () => listDeliveries(db, { accountId, endpointId: flaky.endpointId, limit: 10 }),
      (page) => page.rows[0]?.attempts === 2,
    );
    expect(log.rows).toHaveLength(1);
    const [logged] = log.rows;
    expect(logged).toMatchObject({ eventId: body.id, eventType: "job.completed", status: "pending", attempts: 2, lastResponseStatus: 302 });
    expect(logged.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(logged.attemptLog.map((a) => [a.trigger, a.responseStatus])).toEqual([
      ["scheduled", 500],
      ["scheduled", 302],
    ]);
    expect(logged.attemptLog[0].responseExcerpt).toHaveLength(1024);
    expect(logged.attemptLog[0].responseExcerpt!.startsWith("answer 500 ")).toBe(true);
    expect(logged.attemptLog[1].error).toMatch(/redirects are not followed/);
    expect(await listDeliveries(db, { accountId: (await makeAccount()).accountId, endpointId: flaky.endpointId, limit: 10 })).toEqual({
      rows: [],
      next: null,
    });

    await redeliver(await createVerbContext(), { accountId, deliveryId: logged.id });
    await until(
      () => to("/flaky").length,
      (n) => n >= 3,
    );
    const after = await until(
      async () => (await listDeliveries(db, { accountId, endpointId: flaky.endpointId, limit: 10 })).rows[0],
      (row) => row.status === "delivered",
    );
    expect(after).toMatchObject({ status: "delivered", attempts: 3, lastResponseStatus: 204, nextAttemptAt: null });
    expect(after.attemptLog.at(-1)).toMatchObject({ trigger: "manual", responseStatus: 204, error: null });
    expect(to("/flaky")[2].headers["webhook-id"]).toBe(body.id);
    expect(uninterested.secret).not.toBe(flaky.secret);
  });

  it("sends a test event, signed by both secrets while a rotation overlaps, and by the new one alone after", async () => {
    const db = await getDb();
    const { accountId } = await makeAccount();
    const endpoint = await createEndpoint(db, { accountId, url: `${origin}/rotating`, eventTypes: ["job.failed"] });
    const rotated = await rotateEndpointSecret(db, { accountId, endpointId: endpoint.endpointId, overlapHours: 24, now: new Date() });
    expect(rotated.secret).not.toBe(endpoint.secret);

    const ctx = await createVerbContext();
    const test = await sendTestEvent(ctx, { accountId, endpointId: endpoint.endpointId });
    await until(
      () => to("/rotating").length,
      (n) => n >= 1,
    );
    const [first] = to("/rotating");
    expect(JSON.parse(first.body)).toMatchObject({ id: test.eventId, type: "webhook.test", data: { endpoint_id: endpoint.endpointId } });
    expect(String(first.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    // Receivers holding either secret accept it; the contract's header stays on the old one until the overlap ends.
    expect(new Webhook(rotated.secret).verify(first.body, first.headers as Record<string, string>)).toBeTruthy();
    expectSigned(first, endpoint.secret);

    await rotateEndpointSecret(db, { accountId, endpointId: endpoint.endpointId, overlapHours: 0, now: new Date() });
    const latest = await rotateEndpointSecret(db, { accountId, endpointId: endpoint.endpointId, overlapHours: 0, now: new Date() });
    await sendTestEvent(ctx, { accountId, endpointId: endpoint.endpointId });
    await until(
      () => to("/rotating").length,
      (n) => n >= 2,
    );
    const second = to("/rotating")[1];
    expect(String(second.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expectSigned(second, latest.secret);
    expect(() => new Webhook(rotated.secret).verify(second.body, second.headers as Record<string, string>)).toThrow();
  });

  it("never attempts one delivery twice at once, and the sweep delivers what a dead process left waiting", async () => {
    const db = await getDb();
    const { accountId } = await makeAccount();
    const { endpointId } = await createEndpoint(db, { accountId, url: `${origin}/claimed`, eventTypes: ["job.completed"] });
    delays.set("/claimed", 300);
    // Stored but never dispatched: as if the process died right after the event.
    const [stranded] = await queueDeliveries(
      { db, now: () => new Date() },
      { eventId: "evt_stranded", accountId, type: "job.completed", body: { n: 1 }, endpointIds: [endpointId] },
    );
    const ctx = await createVerbContext();
    const both = await Promise.all([
      attemptDelivery(ctx, { deliveryId: stranded.id, manual: false }),
      attemptDelivery(ctx, { deliveryId: stranded.id, manual: false }),
    ]);
    expect(both.map((r) => r.outcome).sort()).toEqual(["delivered", "skipped"]);
    expect(to("/claimed")).toHaveLength(1);

    // The in-process first attempt is only ever a first: once the schedule moved on, it leaves the delivery alone.
    answers.set("/claimed", [500]);
    const [failing] = await queueDeliveries(
      { db, now: () => new Date() },
      { eventId: "evt_first", accountId, type: "job.completed", body: { n: 0 }, endpointIds: [endpointId] },
    );
    expect((await attemptDelivery(ctx, { deliveryId: failing.id, manual: false, firstOnly: true })).outcome).toBe("failed");
    expect((await attemptDelivery(ctx, { deliveryId: failing.id, manual: false, firstOnly: true })).outcome).toBe("skipped");
    expect((await attemptDelivery(ctx, { deliveryId: failing.id, manual: false })).outcome).toBe("delivered");
    expect(to("/claimed")).toHaveLength(3);

    const [waiting] = await queueDeliveries(
      { db, now: () => new Date() },
      { eventId: "evt_waiting", accountId, type: "job.completed", body: { n: 2 }, endpointIds: [endpointId] },
    );
    // Not yet overdue: the sweep leaves it to whoever should attempt it.
    expect(await rescueDeliveries(ctx, { limit: 100 })).toBe(0);
    const later = await createVerbContext({ now: () => new Date(Date.now() + 3 * 60_000) });
    expect(await rescueDeliveries(later, { limit: 100 })).toBeGreaterThanOrEqual(1);
    const row = await until(
      async () => (await listDeliveries(db, { accountId, endpointId, limit: 5 })).rows.find((d) => d.id === waiting.id),
      (d) => d?.status === "delivered",
    );
    expect(row?.status).toBe("delivered");
    expect(to("/claimed")).toHaveLength(4);
  });

  it("delivers a burst of 40 to a slow receiver from the process, never more than 16 at once", async () => {
    const db = await getDb();
    const { accountId } = await makeAccount();
    const { endpointId } = await createEndpoint(db, { accountId, url: `${origin}/slow`, eventTypes: ["job.completed"] });
    delays.set("/slow", 400);
    const ctx = await createVerbContext();
    const events = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        emitWebhook(ctx, { accountId, type: "job.completed", data: { job_id: `burst-${i}`, kind: "job", status: "completed" } }),
      ),
    );
    await until(
      () => new Set(to("/slow").map((d) => d.headers["webhook-id"])).size,
      (n) => n >= 40,
    );
    expect(new Set(to("/slow").map((d) => d.headers["webhook-id"]))).toEqual(new Set(events.map((e) => e!.eventId)));
    // The endpoint's lane runs 16 at a time and the rest wait their turn: none went to a durable run.
    expect(open.most.get("/slow")).toBe(16);
    const log = await until(
      () => listDeliveries(db, { accountId, endpointId, limit: 50 }),
      (page) => page.rows.every((d) => d.status === "delivered"),
    );
    expect(log.rows.map((d) => [d.status, d.attempts])).toEqual(Array(40).fill(["delivered", 1]));
  });
});
