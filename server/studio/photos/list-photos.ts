import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import { derivativeUrls } from "@/server/images/derivatives";
import { getProject } from "../projects/get-project";
import { requestMissingCopies } from "./make-missing-copies";
import { photoUrl } from "./photo-url";

/** A project's photos (deleted ones hidden), each with its original and its resized copies. */
export async function listPhotos(ctx: StudioContext, input: { workspaceId: string; projectId: string }) {
  await getProject(ctx, input);
  const rows = await ctx.db
    .select()
    .from(photos)
    .where(and(eq(photos.workspaceId, input.workspaceId), eq(photos.projectId, input.projectId), isNull(photos.deletedAt)))
    .orderBy(asc(photos.createdAt));
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
        url: await photoUrl(ctx, row.storageKey),
        thumbUrl: copies?.thumbUrl ?? null,
        displayUrl: copies?.displayUrl ?? null,
        /** What the agent keeps exactly in every result of this photo (D17); the mask itself is read with photos.keptAreas. */
        keptAreas: row.keptAreas ?? [],
      };
    }),
  );
}
