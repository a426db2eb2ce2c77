/**
 * The studio's workflow records, in the `studio` schema: one generation per workflow
 * run, its outputs (copied into the studio's own storage so exports and share pages
 * outlive the service's links), the credit usage ledger and public share links.
 * Progress lives here, not in the browser, so a reload shows the same state.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { completedAt, createdAt, inList, updatedAt, uuidKey } from "./columns";
import {
  GENERATION_KINDS,
  GENERATION_STATUSES,
  OUTPUT_ROLES,
  USAGE_OPERATIONS,
  type GenerationKind,
  type GenerationStatus,
  type OutputRole,
  type UsageOperation,
} from "../../shared/vocabulary";
import type { components } from "../../packages/sdk/src/generated/v1";
import { photos, projects, studio, users, workspaceColumn, projectColumn } from "./studio";

export type GenerationError = { code: string; message: string };
/** The service's structure check of an image, as the API reports it (D17). */
export type OutputCheck = components["schemas"]["OutputCheck"];
export type GateScores = {
  score: number;
  style: number | null;
  structure: number | null;
  thresholds: { style: number; structure: number };
};

export const generations = studio.table(
  "generations",
  {
    id: uuidKey(),
    workspaceId: workspaceColumn(),
    projectId: projectColumn(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").$type<GenerationKind>().notNull(),
    status: text("status").$type<GenerationStatus>().notNull().default("running"),
    /** The main input photo (staging source, multi-view anchor, inpaint image, video start). */
    photoId: uuid("photo_id").references(() => photos.id, { onDelete: "set null" }),
    /** The settings sent, in the studio's words (redesign type, style, mode, tone…). */
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    /** The service's job id to poll (POST /job's jobId, POST /multiview's render_set_id, POST /video's job_id); null for synchronous chains. */
    serviceJobId: text("service_job_id"),
    /** 0–100 where the service reports it (video). */
    progress: integer("progress"),
    /** Workflow-specific result data (description copy, image analysis). */
    result: jsonb("result").$type<Record<string, unknown>>(),
    error: jsonb("error").$type<GenerationError>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: completedAt(),
  },
  (t) => [
    index("generations_project_idx").on(t.workspaceId, t.projectId, t.createdAt),
    check("generations_kind_known", sql`${t.kind} in (${inList(GENERATION_KINDS)})`),
    check("generations_status_known", sql`${t.status} in (${inList(GENERATION_STATUSES)})`),
  ],
);

export const generationOutputs = studio.table(
  "generation_outputs",
  {
    id: uuidKey(),
    generationId: uuid("generation_id")
      .notNull()
      .references(() => generations.id, { onDelete: "cascade" }),
    workspaceId: workspaceColumn(),
    role: text("role").$type<OutputRole>().notNull(),
    /** Order inside the generation: output index, multi-view view index, chain step. */
    position: integer("position").notNull(),
    status: text("status").$type<GenerationStatus>().notNull().default("running"),
    /** The unaltered image this output was made from, for before/after and disclosure. */
    sourceKey: text("source_key"),
    /** The studio's copy of the output; null until it is finished. */
    storageKey: text("storage_key"),
    contentType: text("content_type"),
    /** The service's job id of this output: its staging job, its view's job_id, its synchronous call's job_id. */
    serviceJobId: text("service_job_id"),
    /** The provider the service named for this output (D14): decides its disclosure (shared/disclosure.ts). */
    provider: text("provider"),
    /** Multi-view: generations of this view so far (the service allows 4). */
    attempts: integer("attempts").notNull().default(1),
    /** Multi-view siblings: the quality gate's outcome once the view is completed. */
    gate: text("gate").$type<"passed" | "failed">(),
    /** Multi-view siblings: the gate's scores (0–1) for the latest attempt, as the service reported them. */
    gateScores: jsonb("gate_scores").$type<GateScores>(),
    /**
     * Multi-view siblings: the studio's copy of the latest attempt's image when the gate
     * held it back. `storageKey` keeps the last image that passed, so a redo never loses it.
     */
    heldBackKey: text("held_back_key"),
    /** False only for outputs stored before their thumbnail and display copies were made (like photos.resized). */
    resized: boolean("resized").notNull().default(true),
    /** The service's structure check of the current image (D17); null for the kinds it does not check. */
    structureCheck: jsonb("structure_check").$type<OutputCheck>(),
    /** Who judged a `review` image to keep the room ("Looks right"), and when; cleared when a redo brings a new image. */
    lookedRightBy: uuid("looked_right_by").references(() => users.id, { onDelete: "set null" }),
    lookedRightAt: timestamp("looked_right_at", { withTimezone: true }),
    error: jsonb("error").$type<GenerationError>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("generation_outputs_position_unique").on(t.generationId, t.role, t.position),
    index("generation_outputs_workspace_idx").on(t.workspaceId),
    check("generation_outputs_role_known", sql`${t.role} in (${inList(OUTPUT_ROLES)})`),
  ],
);

/**
 * Credit usage as the service reported it (`credits_charged` of each envelope). One row
 * per v1 job, operation and attempt: recording the same charge again changes nothing.
 */
export const usageEntries = studio.table(
  "usage_entries",
  {
    id: uuidKey(),
    workspaceId: workspaceColumn(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    generationId: uuid("generation_id").references(() => generations.id, { onDelete: "set null" }),
    operation: text("operation").$type<UsageOperation>().notNull(),
    /** The service's job id the charge belongs to. */
    serviceJobId: text("service_job_id").notNull(),
    attempt: integer("attempt").notNull().default(1),
    credits: integer("credits").notNull(),
    /** Monthly quota units the request consumed (1 per accepted generation POST). */
    quotaUnits: integer("quota_units").notNull(),
    /** UTC calendar month, "YYYY-MM", as the service counts quota (D3). */
    month: text("month").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("usage_entries_charge_unique").on(t.serviceJobId, t.operation, t.attempt),
    index("usage_entries_workspace_month_idx").on(t.workspaceId, t.month),
    check("usage_entries_operation_known", sql`${t.operation} in (${inList(USAGE_OPERATIONS)})`),
  ],
);

/** Public links to a project's altered images beside their originals (disclosure pages). */
export const shareLinks = studio.table(
  "share_links",
  {
    id: uuidKey(),
    workspaceId: workspaceColumn(),
    projectId: projectColumn(),
    /**
     * Links made before tokens were hashed kept the token here in plaintext; the start-up
     * backfill (server/studio/exports/share-token.ts) moves it to token_sealed. Unused for new links.
     */
    token: text("token"),
    /** sha256 (hex) of the token in the link: a visit is looked up by it, so a copy of the table opens no page. */
    tokenHash: text("token_hash").notNull(),
    /** The token encrypted (server/crypto/secret-box.ts), so the team can copy the link again. */
    tokenSealed: text("token_sealed"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("share_links_token_unique").on(t.token),
    uniqueIndex("share_links_token_hash_unique").on(t.tokenHash),
    index("share_links_project_idx").on(t.projectId),
  ],
);

export type Generation = typeof generations.$inferSelect;
export type GenerationOutput = typeof generationOutputs.$inferSelect;
