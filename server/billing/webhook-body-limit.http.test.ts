/**
 * /api/stripe/webhook reads at most STRIPE_WEBHOOK_MAX_BYTES (1 MB; Stripe's events are a
 * few KB) before checking the signature (round 4, N5: a 40 MB unsigned POST was read whole,
 * 4.4 s and about 130 MB, before its 400). A larger Content-Length is refused with 413
 * before a byte is read; a body without one (or streaming past it) is refused once it
 * passes the bound; a signed event within the bound is read whole and received.
 */
import crypto from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb } from "@/db/client";
import { startAppServer, type AppServer } from "@/test/app-server";
import { answerBeforeBody, answerWhileStreaming } from "@/test/partial-body";

await vi.hoisted(async () => {
  const { useStripeDouble } = await import("@/test/stripe-settings");
  await useStripeDouble();
});

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => {
  await app?.close();
  await closeDb();
});

const url = () => `${app.url}/api/stripe/webhook`;
const unsigned = { "content-type": "application/json", "stripe-signature": "t=1,v1=00" };

describe("the Stripe webhook's body bound", () => {
  it("answers 413 from a Content-Length over 1 MB while the body is still on its way", async () => {
    expect(await answerBeforeBody(url(), unsigned, 40_000_000, "POST")).toMatchObject({ status: 413 });
  });

  it("answers 413 to a body without a length once it passes 1 MB, without reading the rest", async () => {
    const answer = await answerWhileStreaming(url(), unsigned, 40_000_000);
    expect(answer?.status).toBe(413);
    expect(answer!.sentBytes, "bytes written before the refusal").toBeLessThan(8_000_000);
  });

  it("reads a signed event just under the bound whole and receives it", async () => {
    const payload = JSON.stringify({
      id: `evt_${crypto.randomBytes(12).toString("hex")}`,
      object: "event",
      type: "customer.created",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: "cus_bound", object: "customer", metadata: { padding: "x".repeat(1_000_000 - 400) } } },
    });
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(1_000_000);
    const signature = new Stripe(process.env.STRIPE_SECRET_KEY!).webhooks.generateTestHeaderString({
      payload,
      secret: process.env.STRIPE_WEBHOOK_SECRET!,
    });
    const answer = await fetch(url(), {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    expect([answer.status, await answer.json()]).toEqual([200, { received: true, duplicate: false }]);
  });
});
