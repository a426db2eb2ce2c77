/**
 * The public face of a listing, as the agent curates it. The team edits a draft (the
 * picks, their order and captions, the description); publishing makes the draft the
 * next numbered version, which never changes afterwards. A project's listing page
 * (public while it has a live share link) shows its latest version: only the picked
 * results, in the picked order and with their captions, beside their originals; its
 * description is the text the agent put on the page, never the project's private notes.
 * A labelled download points at its own image page: that one image beside its original.
 */
import { boolean, index, integer, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, uuidKey } from "./columns";
import { projects, studio, users, workspaceColumn, projectColumn } from "./studio";
import { generationOutputs } from "./studio-generations";

/** The draft's results; `position` is the shared numbering's order (shared/listing-numbering.ts). */
export const listingPicks = studio.table(
  "listing_picks",
  {
    id: uuidKey(),
    workspaceId: workspaceColumn(),
    projectId: projectColumn(),
    outputId: uuid("output_id")
      .notNull()
      .references(() => generationOutputs.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    caption: text("caption"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("listing_picks_output_unique").on(t.projectId, t.outputId),
    index("listing_picks_project_idx").on(t.workspaceId, t.projectId, t.position),
  ],
);

/** What the draft says beyond its images: the description the agent reviewed for the page (null: none on the page). */
export const listingPages = studio.table("listing_pages", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  workspaceId: workspaceColumn(),
  description: text("description"),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/**
 * The disclosure page of one altered image (its original beside it), the target of the
 * QR code burned into its labelled download. Made on the first labelled download and
 * kept, so every copy of the file scans to the same page; it goes with the result.
 */
export const imagePages = studio.table(
  "image_pages",
  {
    id: uuidKey(),
    workspaceId: workspaceColumn(),
    outputId: uuid("output_id")
      .notNull()
      .references(() => generationOutputs.id, { onDelete: "cascade" }),
    /** sha256 (hex) of the token in the link, as share links keep theirs (server/studio/exports/share-token.ts). */
    tokenHash: text("token_hash").notNull(),
    tokenSealed: text("token_sealed").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("image_pages_output_unique").on(t.outputId), uniqueIndex("image_pages_token_hash_unique").on(t.tokenHash)],
);

/**
 * A published version of a project's listing page: number 1, 2, 3… per project, made by
 * one publish and never changed (there is no code path that updates or deletes a row;
 * the project's deletion takes them with it). The remark and the zip name their version.
 */
export const listingVersions = studio.table(
  "listing_versions",
  {
    id: uuidKey(),
    workspaceId: workspaceColumn(),
    projectId: projectColumn(),
    number: integer("number").notNull(),
    description: text("description"),
    publishedBy: uuid("published_by").references(() => users.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The publishing action's id from the browser: a repeated publish returns this version. */
    requestId: uuid("request_id"),
  },
  (t) => [
    uniqueIndex("listing_versions_number_unique").on(t.projectId, t.number),
    uniqueIndex("listing_versions_request_unique").on(t.projectId, t.requestId),
  ],
);

/**
 * The results of a published version, in order, each with the image it showed when it was
 * published: a multi-view redo later gives the result a new image (and a new storage key)
 * in the draft, while the published page keeps this one until the next publish. The
 * result itself cannot be deleted while its version is live (delete-generation.ts).
 */
export const listingVersionItems = studio.table(
  "listing_version_items",
  {
    versionId: uuid("version_id")
      .notNull()
      .references(() => listingVersions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** Null once the result is deleted, which only an older, no longer live version allows. */
    outputId: uuid("output_id").references(() => generationOutputs.id, { onDelete: "set null" }),
    caption: text("caption"),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type"),
    provider: text("provider"),
    attempts: integer("attempts").notNull(),
    resized: boolean("resized").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.position] }),
    index("listing_version_items_output_idx").on(t.outputId),
    index("listing_version_items_key_idx").on(t.storageKey),
  ],
);

export type ListingPick = typeof listingPicks.$inferSelect;
export type ListingVersionItem = typeof listingVersionItems.$inferSelect;
