import "server-only";
import { and, eq, isNull, ne } from "drizzle-orm";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";
import { sharePath } from "./share-url";
import { newShareToken, shareTokenOf } from "./share-token";
import { shareLinks } from "@/db/schema/studio-generations";

/**
 * A new public disclosure link for the project; the previous one stops working. A repeat
 * of the same action (same request id) returns the link it made and revokes nothing. The
 * audit log records it as the listing page published.
 */
export async function createShareLink(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; projectId: string; userId: string; requestId?: string; ip?: string },
) {
  const project = await getProject(ctx, input);
  const { token, tokenHash, tokenSealed } = newShareToken();
  const link = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(shareLinks)
      .values({ workspaceId: input.workspaceId, projectId: input.projectId, tokenHash, tokenSealed, createdBy: input.userId, requestId: input.requestId ?? null })
      .onConflictDoNothing({ target: [shareLinks.workspaceId, shareLinks.requestId] })
      .returning();
    if (!created) return null;
    await tx
      .update(shareLinks)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(shareLinks.projectId, input.projectId), isNull(shareLinks.revokedAt), ne(shareLinks.id, created.id)));
    await recordAudit(tx, { workspaceId: input.workspaceId, actorUserId: input.userId, action: "listing_published", target: project.address, ip: input.ip });
    return created;
  });
  if (!link) {
    const [first] = await ctx.db
      .select()
      .from(shareLinks)
      .where(and(eq(shareLinks.workspaceId, input.workspaceId), eq(shareLinks.requestId, input.requestId!)));
    return { path: sharePath(shareTokenOf(first)), createdAt: first.createdAt };
  }
  return { path: sharePath(token), createdAt: link.createdAt };
}
