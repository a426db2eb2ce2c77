/**
 * One delivery attempt of a webhook event. Each attempt gets a fresh timestamp and
 * signature over the same body (same event id). A non-2xx answer — 3xx included, since
 * redirects are not followed — or a timeout throws, and the durable function retries it
 * with backoff.
 */
import "server-only";
import { eq, sql } from "drizzle-orm";
import { env } from "@/env";
import { accounts, webhookEvents } from "@/db/schema";
import { safeFetch } from "@/server/net/safe-fetch";
import type { VerbContext } from "@/server/context";
import { signWebhook } from "./sign-webhook";
import { openWebhookSecret } from "./webhook-secret";

export class WebhookDeliveryError extends Error {}

export async function deliverWebhook(ctx: VerbContext, input: { eventId: string }): Promise<{ status: "delivered" | "dropped" }> {
  const [row] = await ctx.db
    .select({ event: webhookEvents, url: accounts.webhookUrl, secret: accounts.webhookSecret })
    .from(webhookEvents)
    .innerJoin(accounts, eq(accounts.id, webhookEvents.accountId))
    .where(eq(webhookEvents.id, input.eventId));
  if (!row || row.event.status === "delivered") return { status: "dropped" };
  if (!row.url || !row.secret) {
    await ctx.db.update(webhookEvents).set({ status: "failed" }).where(eq(webhookEvents.id, input.eventId));
    return { status: "dropped" };
  }
  const rawBody = JSON.stringify(row.event.body);
  const timestamp = Math.floor(ctx.now().getTime() / 1000);
  let status = 0;
  try {
    const response = await safeFetch(row.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Atrium-Webhooks/1",
        "X-Service-Timestamp": String(timestamp),
        "X-Service-Signature": signWebhook(openWebhookSecret(row.secret), timestamp, rawBody),
      },
      body: rawBody,
      timeoutMs: env.V1_WEBHOOK_TIMEOUT_MS,
      allowRedirects: false,
      maxBytes: 64 * 1024,
    });
    status = response.status;
  } catch (error) {
    // Refused, unreachable, timed out or non-2xx: a failed attempt, retried by the caller.
    status = Number((error as { details?: { status?: number } }).details?.status ?? 0);
  } finally {
    await ctx.db
      .update(webhookEvents)
      .set({ attempts: sql`${webhookEvents.attempts} + 1`, lastResponseStatus: status || null })
      .where(eq(webhookEvents.id, input.eventId));
  }
  if (status < 200 || status >= 300) throw new WebhookDeliveryError(`The endpoint answered ${status || "nothing"}.`);
  await ctx.db.update(webhookEvents).set({ status: "delivered", deliveredAt: ctx.now() }).where(eq(webhookEvents.id, input.eventId));
  return { status: "delivered" };
}
