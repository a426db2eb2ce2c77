/**
 * Upload links the studio handed out, kept until they are swept a day later
 * (server/studio/photos/remove-stale-uploads.ts): an upload nobody confirmed goes from
 * storage with its row, and so does anything posted again to a confirmed upload's key.
 */
import { index, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { studio, workspaces } from "./studio";

export const uploads = studio.table(
  "uploads",
  {
    storageKey: text("storage_key").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_created_idx").on(t.createdAt)],
);
