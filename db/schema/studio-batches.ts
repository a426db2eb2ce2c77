/**
 * Whole-listing staging: one batch per "Stage all photos" action, one row per photo.
 * A photo's row is its plan (room type, position) until the batch starts it; then it
 * points at the ordinary staging generation that holds the result, so a batch photo is
 * polled, imported, labelled and billed exactly like a single staging.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, primaryKey, real, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { completedAt, createdAt, inList, updatedAt } from "./columns";
import {
  BATCH_PHOTO_STATES,
  BATCH_STATUSES,
  type BatchPhotoState,
  type BatchStatus,
  type RoomType,
  type Style,
} from "../../shared/vocabulary";
import { photos, studio, users, workspaceColumn, projectColumn } from "./studio";
import type { GenerationError } from "./studio-generations";

export const stagingBatches = studio.table(
  "staging_batches",
  {
    /** Derived from the workspace and the action's request id, so a repeated start finds it. */
    id: uuid("id").primaryKey(),
    workspaceId: workspaceColumn(),
    projectId: projectColumn(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    requestId: uuid("request_id").notNull(),
    /** One style, intensity and seed for every photo, so the listing's furniture matches. */
    style: text("style").$type<Style>().notNull(),
    intensity: real("intensity").notNull(),
    seed: integer("seed").notNull(),
    status: text("status").$type<BatchStatus>().notNull().default("running"),
    /**
     * How many photos the batch was started with. A photo deleted from the project takes
     * its batch row with it; this keeps the card true ("2 of the batch's 5 photos deleted
     * since"). Null for batches started before it was kept.
     */
    photoCount: integer("photo_count"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: completedAt(),
  },
  (t) => [
    uniqueIndex("staging_batches_request_unique").on(t.workspaceId, t.requestId),
    index("staging_batches_project_idx").on(t.workspaceId, t.projectId, t.createdAt),
    check("staging_batches_status_known", sql`${t.status} in (${inList(BATCH_STATUSES)})`),
  ],
);

export const stagingBatchPhotos = studio.table(
  "staging_batch_photos",
  {
    batchId: uuid("batch_id")
      .notNull()
      .references(() => stagingBatches.id, { onDelete: "cascade" }),
    photoId: uuid("photo_id")
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    roomType: text("room_type").$type<RoomType>().notNull(),
    /** queued until started; canceled if the batch was canceled first; failed if the service refused it. */
    state: text("state").$type<BatchPhotoState>().notNull().default("queued"),
    /**
     * The staging generation of this photo. Derived from the batch and the photo and set
     * when the photo is claimed, before the generation row exists (the claim and the
     * start are separate steps), so it has no foreign key.
     */
    generationId: uuid("generation_id"),
    error: jsonb("error").$type<GenerationError>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.photoId] }),
    uniqueIndex("staging_batch_photos_generation_unique").on(t.generationId),
    index("staging_batch_photos_order_idx").on(t.batchId, t.position),
    check("staging_batch_photos_state_known", sql`${t.state} in (${inList(BATCH_PHOTO_STATES)})`),
  ],
);

export type StagingBatch = typeof stagingBatches.$inferSelect;
export type StagingBatchPhoto = typeof stagingBatchPhotos.$inferSelect;
