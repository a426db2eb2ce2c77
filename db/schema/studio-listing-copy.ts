/**
 * Edits of listing copy. A description run keeps the service's text in its result; each
 * save in the studio adds a revision, newest last, so the copy is editable in place and
 * every earlier wording can be seen and restored.
 */
import { index, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, uuidKey } from "./columns";
import { studio, users, workspaceColumn } from "./studio";
import { generations } from "./studio-generations";

export const descriptionRevisions = studio.table(
  "description_revisions",
  {
    id: uuidKey(),
    generationId: uuid("generation_id")
      .notNull()
      .references(() => generations.id, { onDelete: "cascade" }),
    workspaceId: workspaceColumn(),
    text: text("text").notNull(),
    editedBy: uuid("edited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("description_revisions_generation_idx").on(t.generationId, t.createdAt)],
);

export type DescriptionRevision = typeof descriptionRevisions.$inferSelect;
