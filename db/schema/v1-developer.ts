/**
 * The v1 service's developer console tables (D16): webhook endpoints with their delivery
 * log, and the request log. Both logs keep 30 days; a daily function deletes older rows
 * in batches (inngest/functions/v1/prune-developer-logs.ts), so each table has an index
 * on its time column for that.
 */
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { DELIVERY_STATES, type DeliveryState } from "../../shared/vocabulary";
import { createdAt, inList, updatedAt, uuidKey } from "./columns";
import { accounts, v1, webhookEvents } from "./v1";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const webhookEndpoints = v1.table(
  "webhook_endpoints",
  {
    id: uuidKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** The event types delivered here (shared/vocabulary.ts). */
    eventTypes: text("event_types").array().notNull(),
    /** The signing secret, sealed (webhook-secret.ts); plaintext `whsec_…` only in rows from before sealing. */
    secret: text("secret").notNull(),
    /** The secret before the last rotation, still signing until previousSecretExpiresAt (D16). */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: instant("previous_secret_expires_at"),
    createdBy: text("created_by"),
    /** Who answers for it when not its maker, as on api_keys: the owner it was handed to, or who turned it back on. */
    heldBy: text("held_by"),
    /** The first failed attempt since the last success: 5 days of failures disable the endpoint. */
    failingSince: instant("failing_since"),
    disabledAt: instant("disabled_at"),
    disabledReason: text("disabled_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_endpoints_account_idx").on(t.accountId)],
);

/** One event for one endpoint: its state and the next scheduled attempt. */
export const webhookDeliveries = v1.table(
  "webhook_deliveries",
  {
    id: uuidKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    status: text("status").$type<DeliveryState>().notNull().default("pending"),
    /** Every attempt, manual ones included. */
    attempts: integer("attempts").notNull().default(0),
    /** Attempts of the retry schedule: which wait comes next. */
    scheduledAttempts: integer("scheduled_attempts").notNull().default(0),
    lastResponseStatus: integer("last_response_status"),
    /** When the next scheduled attempt is due (the first: when the event happened). */
    nextAttemptAt: instant("next_attempt_at"),
    /** Set while an attempt runs: no other instance attempts the delivery until then. */
    claimedUntil: instant("claimed_until"),
    createdAt: createdAt(),
    deliveredAt: instant("delivered_at"),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_endpoint").on(t.eventId, t.endpointId),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    // What the rescue sweep reads: pending deliveries by when they are due.
    index("webhook_deliveries_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check("webhook_deliveries_status_known", sql`${t.status} in (${inList(DELIVERY_STATES)})`),
  ],
);

/** Every attempt of a delivery, scheduled or manual: what the receiver answered. */
export const webhookAttempts = v1.table(
  "webhook_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    trigger: text("trigger").$type<"scheduled" | "manual">().notNull(),
    at: instant("at").notNull(),
    /** null when no HTTP answer came (refused, unreachable, timed out). */
    responseStatus: integer("response_status"),
    latencyMs: integer("latency_ms").notNull(),
    /** The first 1 KB of the answer's body, as text. */
    responseExcerpt: text("response_excerpt"),
    /** Why there was no acceptable answer, in plain words. */
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.at)],
);

/**
 * Every authenticated v1 request (D16): who, what, the outcome and how long it took;
 * never bodies, headers or secrets. Written in batches off the request's path
 * (request-recorder.ts). No foreign key: the log outlives nothing and costs no lookup per
 * row; account_id is the key of every read.
 */
export const requestLog = v1.table(
  "request_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: uuid("account_id").notNull(),
    keyId: uuid("key_id"),
    keyPrefix: text("key_prefix").notNull(),
    method: text("method").notNull(),
    /** The route's template, e.g. `/jobs/{jobSource}`: ids never reach the log. */
    route: text("route").notNull(),
    status: integer("status").notNull(),
    latencyMs: integer("latency_ms").notNull(),
    requestId: text("request_id").notNull(),
    idempotencyKey: text("idempotency_key"),
    errorCode: text("error_code"),
    at: instant("at").notNull(),
  },
  (t) => [index("request_log_account_at_idx").on(t.accountId, t.at), index("request_log_at_idx").on(t.at)],
);
