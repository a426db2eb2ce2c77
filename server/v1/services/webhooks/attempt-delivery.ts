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
import { eq } from "drizzle-orm";
import { env } from "@/env";
import { webhookDeliveries } from "@/db/schema";
import { toAppError } from "@/server/errors";
import { safeFetch } from "@/server/net/safe-fetch";
import type { VerbContext } from "@/server/context";
import { loadDelivery, recordAttempt, type DeliveryToAttempt } from "./delivery-records";
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

export async function attemptDelivery(
  ctx: Pick<VerbContext, "db" | "now">,
  input: {
    deliveryId: string;
    manual: boolean;
    /** Only if no scheduled attempt was made yet (the in-process first attempt). */ firstOnly?: boolean;
  },
): Promise<AttemptOutcome> {
  const now = ctx.now();
  const claim = input.manual ? null : { now, until: new Date(now.getTime() + CLAIM_MS), firstOnly: input.firstOnly ?? false };
  const row = await loadDelivery(ctx.db, { deliveryId: input.deliveryId, claim });
  if (!row) return SKIPPED;
  if (row.endpoint.disabledAt) {
    if (!input.manual) {
      await ctx.db
        .update(webhookDeliveries)
        .set({ status: "failed", nextAttemptAt: null, claimedUntil: null })
        .where(eq(webhookDeliveries.id, input.deliveryId));
    }
    return SKIPPED;
  }

  const rawBody = JSON.stringify(row.body);
  const timestamp = Math.floor(now.getTime() / 1000);
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
        "webhook-id": row.eventId,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": secrets.map((secret) => standardSignature(secret, row.eventId, timestamp, rawBody)).join(" "),
        "X-Service-Timestamp": String(timestamp),
        "X-Service-Signature": signWebhook(secrets.at(-1)!, timestamp, rawBody),
      },
      body: rawBody,
      timeoutMs: env.V1_WEBHOOK_TIMEOUT_MS,
      allowRedirects: false,
      acceptAnyStatus: true,
      excerptOnly: true,
      maxBytes: EXCERPT_BYTES,
      // Receivers on this machine under `npm run dev` (check-endpoint-url.ts).
      reach: { loopback: env.V1_WEBHOOK_LOOPBACK },
    });
    status = response.status;
    excerpt = response.body.toString("utf8");
    if (status < 200 || status > 299)
      error = status >= 300 && status < 400 ? `Answered ${status}: redirects are not followed.` : `Answered ${status}.`;
  } catch (thrown) {
    error = toAppError(thrown).message;
  }
  const delivered = error === null;
  const retryAt = delivered || input.manual ? null : nextAttemptAt(row.scheduledAttempts + 1, now);
  const disabled = await recordAttempt(ctx.db, {
    deliveryId: input.deliveryId,
    endpointId: row.endpoint.id,
    manual: input.manual,
    at: now,
    responseStatus: status,
    latencyMs: Math.round(performance.now() - started),
    responseExcerpt: excerpt,
    error,
    delivered,
    retryAt,
    disableIfFailingSince: new Date(now.getTime() - DISABLE_AFTER_MS),
  });
  return {
    outcome: delivered ? "delivered" : "failed",
    retryAt: retryAt?.toISOString() ?? null,
    disabled: disabled ? { endpointId: row.endpoint.id, accountId: row.endpoint.accountId, url: row.endpoint.url } : null,
  };
}

/** The secrets that sign now: the current one, then the previous one while its overlap lasts. */
function signingSecrets(endpoint: DeliveryToAttempt["endpoint"], now: Date): string[] {
  const current = openWebhookSecret(endpoint.secret);
  const previousLive = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now;
  return previousLive ? [current, openWebhookSecret(endpoint.previousSecret!)] : [current];
}
