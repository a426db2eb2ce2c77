/**
 * State of the local executor (inngest/local), in its own Postgres schema `executor`.
 * Only used when no Inngest server is configured. The queue itself (due work, leases)
 * lives in pg-boss's schema `pgboss`; these tables are the source of truth that every
 * queued job is checked against, so a duplicated or stale job changes nothing.
 */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const executor = pgSchema("executor");

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export type RunStatus = "running" | "completed" | "failed" | "cancelled";
export type StepKind = "run" | "sleep" | "wait" | "invoke";
/** planned: queued to run (or retry) at run_at; the other open states wait for a timer, an event or a child run. */
export type StepStatus = "planned" | "sleeping" | "waiting" | "invoking" | "completed" | "failed";
export type StoredEvent = { id: string; name: string; data: Record<string, unknown>; ts: number; [key: string]: unknown };

export const executorEvents = executor.table(
  "events",
  {
    /** The sender's id when given (dedupe), a generated one otherwise. */
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    payload: jsonb("payload").$type<StoredEvent>().notNull(),
    receivedAt: at("received_at").notNull().defaultNow(),
  },
  (t) => [index("executor_events_name_idx").on(t.name, t.receivedAt)],
);

export const executorRuns = executor.table(
  "runs",
  {
    id: text("id").primaryKey(),
    /** Full function id as served: `<appId>-<fnId>`. */
    functionId: text("function_id").notNull(),
    eventId: text("event_id").notNull(),
    event: jsonb("event").$type<StoredEvent>().notNull(),
    status: text("status").$type<RunStatus>().notNull().default("running"),
    /** Bumped each time a call's result is applied: names the next call, so a stale call changes nothing. */
    seq: integer("seq").notNull().default(0),
    /** Attempt of the function body itself (errors thrown outside steps). */
    attempt: integer("attempt").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    nextCallAt: at("next_call_at").notNull().defaultNow(),
    /** Response version pinned from the first call (`x-inngest-req-version`). */
    version: integer("version"),
    disableImmediateExecution: boolean("disable_immediate_execution").notNull().default(false),
    /** Hashed step ids in completion order, sent back as ctx.stack. */
    stack: jsonb("stack")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    output: jsonb("output"),
    error: jsonb("error"),
    parentRunId: text("parent_run_id"),
    parentStepId: text("parent_step_id"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    endedAt: at("ended_at"),
  },
  (t) => [
    index("executor_runs_created_idx").on(t.createdAt),
    index("executor_runs_event_idx").on(t.eventId),
    index("executor_runs_status_idx").on(t.status),
  ],
);

export const executorSteps = executor.table(
  "steps",
  {
    runId: text("run_id")
      .notNull()
      .references(() => executorRuns.id, { onDelete: "cascade" }),
    /** The SDK's hashed step id: an opaque key. */
    id: text("id").notNull(),
    name: text("name").notNull(),
    kind: text("kind").$type<StepKind>().notNull(),
    status: text("status").$type<StepStatus>().notNull(),
    attempt: integer("attempt").notNull().default(0),
    runAt: at("run_at"),
    data: jsonb("data"),
    error: jsonb("error"),
    /** waitForEvent: the awaited event name and its `if` expression. */
    waitEvent: text("wait_event"),
    waitIf: text("wait_if"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.id] }), index("executor_steps_wait_idx").on(t.waitEvent, t.status)],
);

/** One concurrency limit a step must fit in: `key` names the virtual queue (scope, function, key value). */
export type ConcurrencyConstraint = { key: string; limit: number };

/**
 * Work of functions with `concurrency` limits that asked for a slot. A row is waiting
 * until admitted; an admitted row holds one slot in each of its constraints' keys
 * until it is deleted (the step's call ended) or its lease expires (its process died),
 * when it goes back to waiting.
 */
export const executorConcurrencyWaits = executor.table(
  "concurrency_waits",
  {
    /** The queue job id of the work item. */
    id: text("id").primaryKey(),
    item: jsonb("item").$type<Record<string, unknown>>().notNull(),
    constraints: jsonb("constraints").$type<ConcurrencyConstraint[]>().notNull(),
    /** The key of the first constraint: FIFO within it, round-robin between keys. */
    queueKey: text("queue_key").notNull(),
    enqueuedAt: at("enqueued_at").notNull().defaultNow(),
    admittedAt: at("admitted_at"),
    leaseUntil: at("lease_until"),
    /** Bumped on each admission: names the admitted queue job. */
    admissions: integer("admissions").notNull().default(0),
  },
  (t) => [index("executor_concurrency_waits_queue_idx").on(t.queueKey, t.enqueuedAt)],
);

/** When each virtual queue was last served: the round-robin order between keys. */
export const executorConcurrencyQueues = executor.table("concurrency_queues", {
  key: text("key").primaryKey(),
  lastAdmittedAt: at("last_admitted_at").notNull(),
});
