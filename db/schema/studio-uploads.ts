/**
 * Upload links the studio handed out, kept until they are swept a day later
 * (server/studio/photos/remove-stale-uploads.ts): an upload nobody confirmed goes from
 * storage with its row, and so does anything posted again to a confirmed upload's key.
 */
import { bigint, index, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { studio, workspaceColumn } from "./studio";

export const uploads = studio.table(
  "uploads",
  {
    storageKey: text("storage_key").primaryKey(),
    workspaceId: workspaceColumn(),
    /** The file's place in the order the files were chosen, copied to its photo when confirmed (photos.position). */
    position: bigint("position", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_created_idx").on(t.createdAt)],
);

/** Hands out photo positions: increasing across every upload, so a later upload's files come after an earlier one's. */
export const photoPositions = studio.sequence("photo_positions");
