/**
 * Preview webhooks (D11) end to end: a job group finishes, the account's receiver gets
 * a signed `job.completed`; a receiver that fails (500, then a redirect) is retried
 * with the same event id and a fresh signature until it accepts, and then never again.
 * The signature is checked as a receiver would, from D11 alone, not with our signer.
 */
import crypto from "node:crypto";
import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { webhookEvents } from "@/db/schema";
import { v1Functions } from "@/inngest/functions/v1";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";
import { setWebhook } from "./set-webhook";
import { verifyWebhook } from "./sign-webhook";
import { useAppStack } from "@/test/app-stack";

/** D11: `sha256=` and the hex HMAC-SHA256, keyed by the secret's UTF-8 bytes, of `timestamp + "." + raw body`. */
function expectedSignature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${crypto.createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestamp}.${rawBody}`).digest("hex")}`;
}

// Runs before the imports below are evaluated, so env.ts sees webhooks enabled.
vi.hoisted(() => {
  process.env.V1_WEBHOOKS_ENABLED = "true";
});

interface Delivery {
  headers: http.IncomingHttpHeaders;
  body: string;
}

const stack = useAppStack({ functions: v1Functions });
let receiver: http.Server;
const deliveries: Delivery[] = [];
const answers: number[] = [];
let photo: Buffer;

// One loopback server (the allow-listed fixture port) plays both the photo host and the receiver.
const origin = `http://127.0.0.1:${process.env.FIXTURE_PORT}`;

beforeAll(async () => {
  photo = await roomPhoto(96, 72);
  receiver = http.createServer((req, res) => {
    if (req.method === "GET") return void res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      deliveries.push({ headers: req.headers, body });
      const status = answers.shift() ?? 204;
      res.writeHead(status, status === 302 ? { location: "http://127.0.0.1:1/elsewhere" } : {}).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(Number(process.env.FIXTURE_PORT), "127.0.0.1", resolve));
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe("webhooks", () => {
  it("delivers a signed job.completed, retrying failures with the same event id, and nothing after the 2xx", async () => {
    const { apiKey, accountId } = await makeAccount({ plan: "free" });
    const { secret } = await setWebhook(await getDb(), { accountId, url: `${origin}/hook` });
    answers.push(500, 302);
    const created = await fetch(`${stack.app.url}/api/v1/job`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify({ source_url: `${origin}/room.jpg`, room_type: "bedroom", redesign_type: "declutter" }),
    });
    const { jobId } = (await created.json()) as { jobId: string };

    const deadline = Date.now() + 45_000;
    while (deliveries.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(deliveries).toHaveLength(3);
    const bodies = deliveries.map((d) => JSON.parse(d.body));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(bodies[0].id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(bodies[0]).toMatchObject({ api_version: "v1", type: "job.completed", data: { job_id: jobId, kind: "job", status: "completed" } });
    for (const delivery of deliveries) {
      const timestamp = String(delivery.headers["x-service-timestamp"]);
      const signature = String(delivery.headers["x-service-signature"]);
      expect(timestamp).toMatch(/^\d+$/);
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(300);
      expect(signature).toBe(expectedSignature(secret, timestamp, delivery.body));
      expect(signature).not.toBe(expectedSignature("whsec_wrong", timestamp, delivery.body));
      // Our receiver-side helper agrees.
      expect(verifyWebhook(secret, { timestamp, signature }, delivery.body, Math.floor(Date.now() / 1000))).toBe(true);
    }
    expect(JSON.stringify(deliveries)).not.toContain(secret);

    // The third attempt was answered 204: the delivery ends there, recorded as delivered, and no attempt follows.
    const run = await stack.executor.waitForRun({ eventId: `webhook-${bodies[0].id}` });
    expect(run.status).toBe("completed");
    const [event] = await (await getDb()).select().from(webhookEvents).where(eq(webhookEvents.id, bodies[0].id));
    expect(event).toMatchObject({ status: "delivered", attempts: 3, lastResponseStatus: 204 });
    // Longer than the executor's longest backoff between attempts (1 s in tests).
    await new Promise((r) => setTimeout(r, 3_000));
    expect(deliveries).toHaveLength(3);
  });
});
