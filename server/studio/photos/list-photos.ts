import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import { derivativeUrls } from "@/server/images/derivatives";
import { getProject } from "../projects/get-project";
import { requestMissingCopies } from "./make-missing-copies";
import { photoUrl } from "./photo-url";
import { mayDeleteWork } from "@/shared/roles";
import type { WorkspaceRole } from "@/shared/vocabulary";

/** A project's photos (deleted ones hidden) in the order their files were chosen, each with its original and its resized copies. */
export async function listPhotos(
  ctx: StudioContext,
  input: { workspaceId: string; projectId: string; viewer: { userId: string; role: WorkspaceRole } },
) {
  await getProject(ctx, input);
  const rows = await ctx.db
    .select()
    .from(photos)
    .where(and(eq(photos.workspaceId, input.workspaceId), eq(photos.projectId, input.projectId), isNull(photos.deletedAt)))
    // Photos from before positions were handed out have none: they were uploaded first.
    .orderBy(sql`${photos.position} asc nulls first`, asc(photos.createdAt));
  if (rows.some((row) => !row.resized)) await requestMissingCopies(ctx, input);
  return Promise.all(
    rows.map(async (row) => {
      const copies = await derivativeUrls(ctx.storage, row.storageKey, { resized: row.resized });
      return {
        id: row.id,
        fileName: row.fileName,
        contentType: row.contentType,
        bytes: row.bytes,
        width: row.width,
        height: row.height,
        createdAt: row.createdAt,
        /** Whether the person reading may delete it (shared/roles.ts, the rule for results too). */
        deletable: mayDeleteWork(input.viewer.role, { createdBy: row.uploadedBy, userId: input.viewer.userId }),
        url: await photoUrl(ctx, row.storageKey),
        thumbUrl: copies?.thumbUrl ?? null,
        displayUrl: copies?.displayUrl ?? null,
        /** What the agent keeps exactly in every result of this photo (D17); the mask itself is read with photos.keptAreas. */
        keptAreas: row.keptAreas ?? [],
      };
    }),
  );
}
