/**
 * Tables of the v1 service, in their own Postgres schema `v1`.
 * Money-like invariants are enforced by the database itself: the credit balance has a
 * CHECK (>= 0), a job can be debited once (unique charge key) and a debit refunded
 * once (unique refund_of).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { OutputCheck } from "../../server/v1/schemas/output-check";
import {
  KEY_SCOPES,
  PLANS,
  type Environment,
  type KeyScope,
  type Plan,
  type RedesignType,
  type RoomType,
  type Style,
} from "../../shared/vocabulary";
import { completedAt, createdAt, inList, updatedAt, uuidKey } from "./columns";

export const v1 = pgSchema("v1");

/**
 * Who set an account's plan last: the studio at sign-up (STUDIO_SIGNUP_PLAN), the operator
 * (`npm run admin`), a Stripe subscription, or `legacy` for a studio account made before
 * plans existed, which start-up moves to the sign-up plan once (db/signup-plan.ts).
 */
export const PLAN_SOURCES = ["signup", "operator", "stripe", "legacy"] as const;
export type PlanSource = (typeof PLAN_SOURCES)[number];
/** Where a grant of credits came from, shown in the workspace's usage history. */
export const CREDIT_SOURCES = [
  "opening",
  "starter",
  "operator",
  "stripe_invoice",
  "credit_pack",
  "auto_top_up",
  "pack_refund",
  "plan_refund",
] as const;
export type CreditSource = (typeof CREDIT_SOURCES)[number];
export type ErrorInfo = { code: string; message: string; details?: unknown };

export const accounts = v1.table(
  "accounts",
  {
    id: uuidKey(),
    name: text("name").notNull(),
    plan: text("plan").$type<Plan>().notNull(),
    monthlyQuota: integer("monthly_quota").notNull(),
    creditBalance: integer("credit_balance").notNull().default(0),
    planSource: text("plan_source").$type<PlanSource>().notNull().default("operator"),
    /** A debit that leaves the balance under this mails the owners once per crossing; null: no mail. */
    lowBalanceThreshold: integer("low_balance_threshold"),
    /** A debit that leaves the balance under this starts an auto top-up once per crossing; null: auto top-up off. */
    topUpThreshold: integer("top_up_threshold"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("accounts_balance_not_negative", sql`${t.creditBalance} >= 0`),
    check("accounts_plan_known", sql`${t.plan} in (${inList(PLANS)})`),
    check("accounts_quota_not_negative", sql`${t.monthlyQuota} >= 0`),
    check("accounts_plan_source_known", sql`${t.planSource} in (${inList(PLAN_SOURCES)})`),
    check("accounts_thresholds_positive", sql`coalesce(${t.lowBalanceThreshold}, 1) > 0 and coalesce(${t.topUpThreshold}, 1) > 0`),
  ],
);

export const apiKeys = v1.table(
  "api_keys",
  {
    id: uuidKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The first characters of the key, enough to name it in listings and revocation. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    /** What the key is for, as its maker named it (D16). */
    name: text("name").notNull().default(""),
    scope: text("scope").$type<KeyScope>().notNull().default("full"),
    /** Who made it: `user:<studio user id>`, `studio` (a workspace's own key) or `admin` (the command line). */
    createdBy: text("created_by"),
    /**
     * Who answers for it when not its maker (same form): the owner it was handed to when its
     * holder left the workspace or became an agent (server/studio/developers/settle-member-credentials.ts).
     */
    heldBy: text("held_by"),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    /** Set when the key was rotated: it keeps working until then (D16). */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    /** Written in batches by the request log, never once per request (request-recorder.ts). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    lastUsedIp: text("last_used_ip"),
  },
  (t) => [
    uniqueIndex("api_keys_hash_unique").on(t.keyHash),
    index("api_keys_prefix_idx").on(t.prefix),
    index("api_keys_account_idx").on(t.accountId),
    check("api_keys_scope_known", sql`${t.scope} in (${inList(KEY_SCOPES)})`),
  ],
);

export const LEDGER_KINDS = ["grant", "debit", "refund"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const creditLedger = v1.table(
  "credit_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<LedgerKind>().notNull(),
    /** Signed: grants and refunds are positive, debits negative. */
    amount: integer("amount").notNull(),
    /** Names the charged item (e.g. `upscale:<job id>`); unique among debits. */
    chargeKey: text("charge_key"),
    /** For a refund, the debit it compensates; unique, so a refund is written once. */
    refundOf: bigint("refund_of", { mode: "number" }),
    jobId: text("job_id"),
    operation: text("operation"),
    note: text("note"),
    /** For a grant paid for or taken back (a Stripe invoice, checkout session, payment or refund): unique, so it is applied once. */
    grantKey: text("grant_key"),
    source: text("source").$type<CreditSource>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("credit_ledger_debit_once")
      .on(t.chargeKey)
      .where(sql`${t.kind} = 'debit'`),
    uniqueIndex("credit_ledger_grant_once").on(t.grantKey),
    uniqueIndex("credit_ledger_refund_once").on(t.refundOf),
    index("credit_ledger_account_idx").on(t.accountId, t.createdAt),
    check("credit_ledger_kind_known", sql`${t.kind} in (${inList(LEDGER_KINDS)})`),
    check(
      "credit_ledger_sign",
      sql`(${t.kind} = 'debit' and ${t.amount} < 0 and ${t.chargeKey} is not null) or (${t.kind} = 'refund' and ${t.amount} > 0 and ${t.refundOf} is not null) or ${t.kind} = 'grant'`,
    ),
  ],
);

/** Every change of an account's plan, with who made it: the workspace's usage history shows them. */
export const planChanges = v1.table(
  "plan_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    fromPlan: text("from_plan").$type<Plan>().notNull(),
    toPlan: text("to_plan").$type<Plan>().notNull(),
    monthlyQuota: integer("monthly_quota").notNull(),
    source: text("source").$type<PlanSource>().notNull(),
    /** The Stripe subscription behind a change from Stripe. */
    reference: text("reference"),
    createdAt: createdAt(),
  },
  (t) => [index("plan_changes_account_idx").on(t.accountId, t.createdAt)],
);

/** Quota units consumed per account and UTC calendar month, net of returned units. */
export const quotaUsage = v1.table(
  "quota_usage",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    units: integer("units").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] }), check("quota_usage_units_not_negative", sql`${t.units} >= 0`)],
);

export const idempotencyKeys = v1.table(
  "idempotency_keys",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    route: text("route").notNull(),
    requestHash: text("request_hash").notNull(),
    state: text("state").$type<"in_flight" | "done">().notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);

export type JobStatus = "processing" | "completed" | "failed";
export type GroupStatus = "processing" | "completed" | "partially_completed" | "failed";

/** A legacy job group: the `jobId` (job source) of POST /job. */
export const jobGroups = v1.table(
  "job_groups",
  {
    id: uuidKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    redesignType: text("redesign_type").$type<RedesignType>().notNull(),
    roomType: text("room_type").$type<RoomType>().notNull(),
    style: text("style").$type<Style>(),
    color: text("color"),
    intensity: real("intensity").notNull(),
    environment: text("environment").$type<Environment>().notNull(),
    sourceUrl: text("source_url").notNull(),
    /** The fetched source, kept in blob storage so processing never refetches a URL. */
    sourceKey: text("source_key").notNull(),
    inspirationImage: text("inspiration_image"),
    inspirationKey: text("inspiration_key"),
    /** The keep mask (D17: white where the photo is kept), stored with the group so every output and a free redo keep the same areas. */
    keepMaskKey: text("keep_mask_key"),
    maskPrompt: text("mask_prompt"),
    outputCount: integer("output_count").notNull(),
    /** Sent by the client so jobs of one listing share furnishings; null lets the provider choose. */
    seed: integer("seed"),
    /** A free redo of an output the structure check marked for review (D17): the first group of that source photo, whose redos are counted per day (free-redos). */
    reviewRedoOf: uuid("review_redo_of"),
    status: text("status").$type<GroupStatus>().notNull().default("processing"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: completedAt(),
  },
  (t) => [index("job_groups_account_created_idx").on(t.accountId, t.createdAt, t.id)],
);

/** One output of a job group. */
export const jobOutputs = v1.table(
  "job_outputs",
  {
    id: uuidKey(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => jobGroups.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    status: text("status").$type<JobStatus>().notNull().default("processing"),
    outputKey: text("output_key"),
    provider: text("provider"),
    providerStatusUrl: text("provider_status_url"),
    error: jsonb("error").$type<ErrorInfo>(),
    /** The structure check's verdict on the output (D17); null for the types it does not check. */
    outputCheck: jsonb("output_check").$type<OutputCheck>(),
    createdAt: createdAt(),
    completedAt: completedAt(),
  },
  (t) => [uniqueIndex("job_outputs_group_position").on(t.groupId, t.position)],
);

export type MediaKind = "inpaint" | "upscale" | "video" | "property_description";

/** Jobs of the envelope routes: inpaint, upscale, video, property description. */
export const mediaJobs = v1.table(
  "media_jobs",
  {
    id: uuidKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<MediaKind>().notNull(),
    status: text("status").$type<JobStatus>().notNull().default("processing"),
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    result: jsonb("result").$type<Record<string, unknown>>(),
    error: jsonb("error").$type<ErrorInfo>(),
    creditsCharged: integer("credits_charged"),
    progress: integer("progress").notNull().default(0),
    outputKeys: text("output_keys")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: completedAt(),
  },
  (t) => [index("media_jobs_account_idx").on(t.accountId, t.kind, t.createdAt)],
);

/** A multi-view staging set. */
export const renderSets = v1.table(
  "render_sets",
  {
    id: uuidKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    roomType: text("room_type").$type<RoomType>().notNull(),
    style: text("style").$type<Style>().notNull(),
    intensity: real("intensity").notNull(),
    color: text("color"),
    status: text("status").$type<JobStatus>().notNull().default("processing"),
    error: jsonb("error").$type<ErrorInfo>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: completedAt(),
  },
  (t) => [index("render_sets_account_idx").on(t.accountId, t.createdAt)],
);

export type GateVerdict = "pass" | "fail";

/** One view of a set; view 0 is the anchor. Its id is the view's `job_id`. */
export const renderViews = v1.table(
  "render_views",
  {
    id: uuidKey(),
    setId: uuid("set_id")
      .notNull()
      .references(() => renderSets.id, { onDelete: "cascade" }),
    viewIndex: integer("view_index").notNull(),
    sourceUrl: text("source_url").notNull(),
    sourceKey: text("source_key").notNull(),
    /** The view's keep mask (D17), stored with the view so a redo keeps the same areas. */
    keepMaskKey: text("keep_mask_key"),
    status: text("status").$type<JobStatus>().notNull().default("processing"),
    outputKey: text("output_key"),
    /** The provider that made the output (D14 `result.provider`). */
    provider: text("provider"),
    error: jsonb("error").$type<ErrorInfo>(),
    attempts: integer("attempts").notNull().default(0),
    charged: boolean("charged").notNull().default(false),
    gateVerdict: text("gate_verdict").$type<GateVerdict>(),
    gateScore: real("gate_score"),
    gateDetails: jsonb("gate_details").$type<Record<string, number>>(),
    /** The structure check's verdict on the view's current output (D17). */
    outputCheck: jsonb("output_check").$type<OutputCheck>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: completedAt(),
  },
  (t) => [uniqueIndex("render_views_set_index").on(t.setId, t.viewIndex), check("render_views_attempts_cap", sql`${t.attempts} <= 4`)],
);

/**
 * Free redos of outputs the structure check marked for review (D17), counted per source
 * photo and UTC day: `subject` is `job:<first group of the photo>` or `view:<view id>`.
 */
export const freeRedos = v1.table(
  "free_redos",
  {
    id: uuidKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("free_redos_subject_created_idx").on(t.accountId, t.subject, t.createdAt)],
);

/**
 * What happened, once per event id (the `webhook-id` of every delivery of it); each
 * endpoint subscribed to its type gets a delivery (v1-developer.ts).
 */
export const webhookEvents = v1.table(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_events_account_idx").on(t.accountId, t.createdAt), index("webhook_events_created_idx").on(t.createdAt)],
);

/** Rate-limit windows per account, shared by every instance (rate-limiter-flexible's Drizzle store). */
export const rateLimits = v1.table("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true, mode: "date" }),
});

/**
 * Paid work started at a hosted provider (a Replicate prediction, a Kling task), keyed by
 * the unit of our work it belongs to. It is written before the adapter waits, so a step
 * that is retried or resumed after a crash polls the same task instead of paying again.
 */
export const providerTasks = v1.table("provider_tasks", {
  workKey: text("work_key").primaryKey(),
  provider: text("provider").notNull(),
  taskId: text("task_id").notNull(),
  createdAt: createdAt(),
});
