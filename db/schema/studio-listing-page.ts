/**
 * The public face of a listing, as the agent curates it. A project's listing page
 * (published while it has a live share link) shows only the picked results, in the
 * picked order and with their captions, beside their originals; its description is the
 * text the agent put on the page, never the project's private notes. A labelled
 * download points at its own image page: that one image beside its original.
 */
import { index, integer, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { projects, studio, users, workspaces } from "./studio";
import { generationOutputs } from "./studio-generations";

/** The results on a project's listing page; `position` is the shared numbering's order (shared/listing-numbering.ts). */
export const listingPicks = studio.table(
  "listing_picks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    outputId: uuid("output_id")
      .notNull()
      .references(() => generationOutputs.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    caption: text("caption"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("listing_picks_output_unique").on(t.projectId, t.outputId), index("listing_picks_project_idx").on(t.workspaceId, t.projectId, t.position)],
);

/** What the listing page says beyond its images: the description the agent reviewed for it (null: none on the page). */
export const listingPages = studio.table("listing_pages", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
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
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
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

export type ListingPick = typeof listingPicks.$inferSelect;
