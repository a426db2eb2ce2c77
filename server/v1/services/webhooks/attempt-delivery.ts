/**
 * One attempt of one webhook delivery (D11, D16), recorded in the delivery log whatever
 * happens. The body is the stored event, the same on every attempt; each attempt is
 * signed afresh with its own timestamp:
 * - `webhook-id` (the event id), `webhook-timestamp` and `webhook-signature` (Standard
 *   Webhooks: one `v1,` entry per secret that signs, both during a rotation's overlap);
 * - the contract's `X-Service-Timestamp` and `X-Service-Signature`, with the previous
 *   secret while it still signs (receivers checking it switch at the overlap's end).
 * Only a 2xx answer within the timeout counts: a redirect is not followed and fails.
 * A scheduled attempt first claims the delivery for the length of one attempt, so two
 * instances never attempt it at once; when it fails it names when the next one is due,
 * or none after the last. A manual one (redeliver) stands alone. Five days of failures
 * with no success between disable the endpoint.
 */
import "server-only";
import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { env } from "@/env";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/db/schema";
import { toAppError } from "@/server/errors";
import { safeFetch } from "@/server/net/safe-fetch";
import type { ServiceContext } from "../../context";
import { nextAttemptAt } from "./retry-schedule";
import { signWebhook, standardSignature } from "./sign-webhook";
import { openWebhookSecret } from "./webhook-secret";

const EXCERPT_BYTES = 1024;
/** Longer than any attempt can take (the timeout, plus the writes after it). */
const CLAIM_MS = 2 * env.V1_WEBHOOK_TIMEOUT_MS + 10_000;
const DISABLE_AFTER_MS = 5 * 24 * 3600_000;

export interface AttemptOutcome {
  outcome: "delivered" | "failed" | "skipped";
  /** ISO time of the next scheduled attempt; null when there is none. */
  retryAt: string | null;
  /** Set when this failure disabled the endpoint: whom to tell. */
  disabled: { endpointId: string; accountId: string; url: string } | null;
}

const SKIPPED: AttemptOutcome = { outcome: "skipped", retryAt: null, disabled: null };

export async function attemptDelivery(ctx: Pick<ServiceContext, "db" | "now">, input: { deliveryId: string; manual: boolean }): Promise<AttemptOutcome> {
  const now = ctx.now();
  // A scheduled attempt claims the delivery; none is made when it is gone with its endpoint,
  // delivered (by hand meanwhile), given up, or being attempted elsewhere.
  if (!input.manual) {
    const claimed = await ctx.db
      .update(webhookDeliveries)
      .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(
        and(
          eq(webhookDeliveries.id, input.deliveryId),
          eq(webhookDeliveries.status, "pending"),
          or(isNull(webhookDeliveries.claimedUntil), lt(webhookDeliveries.claimedUntil, now)),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (claimed.length === 0) return SKIPPED;
  }
  const [row] = await ctx.db
    .select({ delivery: webhookDeliveries, event: { id: webhookEvents.id, body: webhookEvents.body }, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, input.deliveryId));
  if (!row) return SKIPPED;
  if (row.endpoint.disabledAt) {
    if (!input.manual) {
      await ctx.db.update(webhookDeliveries).set({ status: "failed", nextAttemptAt: null, claimedUntil: null }).where(eq(webhookDeliveries.id, input.deliveryId));
    }
    return SKIPPED;
  }

  const rawBody = JSON.stringify(row.event.body);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const secrets = signingSecrets(row.endpoint, now);
  const started = performance.now();
  let status: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  try {
    const response = await safeFetch(row.endpoint.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Atrium-Webhooks/1",
        "webhook-id": row.event.id,
        "webhook-timestamp": timestamp,
        "webhook-signature": secrets.map((secret) => standardSignature(secret, row.event.id, Number(timestamp), rawBody)).join(" "),
        "X-Service-Timestamp": timestamp,
        "X-Service-Signature": signWebhook(secrets.at(-1)!, Number(timestamp), rawBody),
      },
      body: rawBody,
      timeoutMs: env.V1_WEBHOOK_TIMEOUT_MS,
      allowRedirects: false,
      acceptAnyStatus: true,
      excerptOnly: true,
      maxBytes: EXCERPT_BYTES,
    });
    status = response.status;
    excerpt = response.body.toString("utf8");
    if (status < 200 || status > 299) error = status >= 300 && status < 400 ? `Answered ${status}: redirects are not followed.` : `Answered ${status}.`;
  } catch (thrown) {
    error = toAppError(thrown).message;
  }
  const latencyMs = Math.round(performance.now() - started);
  const delivered = error === null;
  const retryAt = delivered || input.manual ? null : nextAttemptAt(row.delivery.scheduledAttempts + 1, now);

  const disabled = await ctx.db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: input.deliveryId,
      trigger: input.manual ? "manual" : "scheduled",
      at: now,
      responseStatus: status,
      latencyMs,
      responseExcerpt: excerpt,
      error,
    });
    await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastResponseStatus: status,
        ...(input.manual ? {} : { scheduledAttempts: sql`${webhookDeliveries.scheduledAttempts} + 1`, claimedUntil: null }),
        ...(delivered
          ? { status: "delivered" as const, deliveredAt: now, nextAttemptAt: null }
          : input.manual
            ? {}
            : { status: retryAt ? ("pending" as const) : ("failed" as const), nextAttemptAt: retryAt }),
      })
      .where(eq(webhookDeliveries.id, input.deliveryId));
    if (delivered) {
      if (row.endpoint.failingSince) await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, row.endpoint.id));
      return false;
    }
    await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, row.endpoint.id));
    const turnedOff = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: now, disabledReason: "Every delivery failed for 5 days." })
      .where(
        and(
          eq(webhookEndpoints.id, row.endpoint.id),
          isNull(webhookEndpoints.disabledAt),
          lte(webhookEndpoints.failingSince, new Date(now.getTime() - DISABLE_AFTER_MS)),
        ),
      )
      .returning({ id: webhookEndpoints.id });
    return turnedOff.length > 0;
  });

  return {
    outcome: delivered ? "delivered" : "failed",
    retryAt: retryAt?.toISOString() ?? null,
    disabled: disabled ? { endpointId: row.endpoint.id, accountId: row.endpoint.accountId, url: row.endpoint.url } : null,
  };
}

/** The secrets that sign now: the current one, then the previous one while its overlap lasts. */
function signingSecrets(endpoint: typeof webhookEndpoints.$inferSelect, now: Date): string[] {
  const current = openWebhookSecret(endpoint.secret);
  const previousLive = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now;
  return previousLive ? [current, openWebhookSecret(endpoint.previousSecret!)] : [current];
}
