/**
 * The two statements of every delivery attempt, each one round trip (deliveries run at
 * hundreds per second, D16): loading (and, for a scheduled attempt, claiming) the
 * delivery with its event and endpoint, and recording the attempt with everything it
 * changes — the attempt row, the delivery's state, the endpoint's failure clock.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";

export interface DeliveryToAttempt {
  id: string;
  scheduledAttempts: number;
  eventId: string;
  body: Record<string, unknown>;
  endpoint: {
    id: string;
    accountId: string;
    url: string;
    secret: string;
    previousSecret: string | null;
    previousSecretExpiresAt: Date | null;
    disabledAt: Date | null;
  };
}

type Row = {
  id: string;
  scheduled_attempts: number;
  event_id: string;
  body: Record<string, unknown>;
  endpoint_id: string;
  account_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | string | null;
  disabled_at: Date | string | null;
};

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * The delivery with its event and endpoint. A scheduled attempt claims it until `until`
 * first, and gets nothing when it is not pending (gone, delivered, given up), another
 * attempt holds it, or (`firstOnly`) its first attempt was made already; a manual one
 * takes it as it is.
 */
export async function loadDelivery(
  db: Tx,
  input: { deliveryId: string; claim: { now: Date; until: Date; firstOnly: boolean } | null },
): Promise<DeliveryToAttempt | null> {
  const source = input.claim
    ? sql`(update v1.webhook_deliveries set claimed_until = ${input.claim.until.toISOString()}::timestamptz
         where id = ${input.deliveryId} and status = 'pending' and (claimed_until is null or claimed_until < ${input.claim.now.toISOString()}::timestamptz)
         ${input.claim.firstOnly ? sql`and scheduled_attempts = 0` : sql``}
         returning id, event_id, endpoint_id, scheduled_attempts)`
    : sql`(select id, event_id, endpoint_id, scheduled_attempts from v1.webhook_deliveries where id = ${input.deliveryId})`;
  const [row] = await db.execute<Row>(sql`
    with delivery as ${source}
    select d.id, d.scheduled_attempts, e.id as event_id, e.body, p.id as endpoint_id, p.account_id, p.url, p.secret,
      p.previous_secret, p.previous_secret_expires_at, p.disabled_at
    from delivery d join v1.webhook_events e on e.id = d.event_id join v1.webhook_endpoints p on p.id = d.endpoint_id`);
  if (!row) return null;
  return {
    id: row.id,
    scheduledAttempts: row.scheduled_attempts,
    eventId: row.event_id,
    body: row.body,
    endpoint: {
      id: row.endpoint_id,
      accountId: row.account_id,
      url: row.url,
      secret: row.secret,
      previousSecret: row.previous_secret,
      previousSecretExpiresAt: date(row.previous_secret_expires_at),
      disabledAt: date(row.disabled_at),
    },
  };
}

export interface AttemptRecord {
  deliveryId: string;
  endpointId: string;
  manual: boolean;
  at: Date;
  responseStatus: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
  delivered: boolean;
  /** A failed scheduled attempt: when the next is due, or null after the last. */
  retryAt: Date | null;
  /** Failing since before this instant disables the endpoint. */
  disableIfFailingSince: Date;
}

/** Writes the attempt, the delivery's new state and the endpoint's failure clock; true when this failure disabled the endpoint. */
export async function recordAttempt(db: Tx, input: AttemptRecord): Promise<boolean> {
  const at = input.at.toISOString();
  const scheduled = !input.manual;
  // A manual attempt that fails changes nothing of the schedule; a scheduled one moves it on.
  const status = input.delivered ? "delivered" : scheduled ? (input.retryAt ? "pending" : "failed") : null;
  const moveSchedule = input.delivered || scheduled;
  const next = input.retryAt?.toISOString() ?? null;
  const endpoint = input.delivered
    ? sql`update v1.webhook_endpoints set failing_since = null where id = ${input.endpointId} and failing_since is not null returning false as just_disabled`
    : sql`update v1.webhook_endpoints set
        failing_since = coalesce(failing_since, ${at}::timestamptz),
        disabled_at = case when disabled_at is null and failing_since <= ${input.disableIfFailingSince.toISOString()}::timestamptz then ${at}::timestamptz else disabled_at end,
        disabled_reason = case when disabled_at is null and failing_since <= ${input.disableIfFailingSince.toISOString()}::timestamptz
          then 'Every delivery failed for 5 days.' else disabled_reason end
      where id = ${input.endpointId}
      returning disabled_at = ${at}::timestamptz as just_disabled`;
  const [row] = await db.execute<{ just_disabled: boolean | null }>(sql`
    with attempt as (
      insert into v1.webhook_attempts (delivery_id, trigger, at, response_status, latency_ms, response_excerpt, error)
      values (${input.deliveryId}, ${input.manual ? "manual" : "scheduled"}, ${at}::timestamptz, ${input.responseStatus}, ${input.latencyMs},
        ${input.responseExcerpt}, ${input.error})
    ), delivery as (
      update v1.webhook_deliveries set
        attempts = attempts + 1,
        last_response_status = ${input.responseStatus},
        scheduled_attempts = scheduled_attempts + ${scheduled ? 1 : 0},
        claimed_until = ${scheduled ? null : sql`claimed_until`},
        status = coalesce(${status}, status),
        next_attempt_at = ${moveSchedule ? sql`${next}::timestamptz` : sql`next_attempt_at`},
        delivered_at = ${input.delivered ? sql`${at}::timestamptz` : sql`delivered_at`}
      where id = ${input.deliveryId}
    ), endpoint as (${endpoint})
    select (select just_disabled from endpoint) as just_disabled`);
  return row?.just_disabled === true;
}
