import "server-only";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { shareLinks } from "@/db/schema/studio-generations";
import { sharePath } from "./share-url";
import { newShareToken } from "./share-token";

/**
 * A new public link to the project's listing page, made by its first publish (or the
 * first after an unpublish); any earlier link stops working. Publishing changes later
 * keeps the link, so the remark already handed out still leads to the page.
 */
export async function createShareLink(
  db: Tx,
  input: { workspaceId: string; projectId: string; userId: string; now: Date },
): Promise<{ path: string; createdAt: Date }> {
  const { token, tokenHash, tokenSealed } = newShareToken();
  const [created] = await db
    .insert(shareLinks)
    .values({ workspaceId: input.workspaceId, projectId: input.projectId, tokenHash, tokenSealed, createdBy: input.userId })
    .returning();
  await db
    .update(shareLinks)
    .set({ revokedAt: input.now })
    .where(and(eq(shareLinks.projectId, input.projectId), isNull(shareLinks.revokedAt), ne(shareLinks.id, created.id)));
  return { path: sharePath(token), createdAt: created.createdAt };
}
