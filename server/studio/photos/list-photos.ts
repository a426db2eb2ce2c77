import { and, asc, eq } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import { derivativeKey } from "@/server/images/derivatives";
import { photoUrl } from "./photo-url";

export async function listPhotos(ctx: StudioContext, input: { workspaceId: string; projectId: string }) {
  const rows = await ctx.db
    .select()
    .from(photos)
    .where(and(eq(photos.workspaceId, input.workspaceId), eq(photos.projectId, input.projectId)))
    .orderBy(asc(photos.createdAt));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      fileName: row.fileName,
      contentType: row.contentType,
      bytes: row.bytes,
      width: row.width,
      height: row.height,
      createdAt: row.createdAt,
      url: await photoUrl(ctx, row.storageKey),
      thumbUrl: await photoUrl(ctx, derivativeKey(row.storageKey, "thumb")),
      displayUrl: await photoUrl(ctx, derivativeKey(row.storageKey, "display")),
    })),
  );
}
