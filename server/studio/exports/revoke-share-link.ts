import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { shareLinks } from "@/db/schema/studio-generations";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";

export async function revokeShareLink(ctx: Pick<StudioContext, "db" | "now">, input: { workspaceId: string; projectId: string }) {
  await getProject(ctx, input);
  await ctx.db
    .update(shareLinks)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(shareLinks.workspaceId, input.workspaceId), eq(shareLinks.projectId, input.projectId), isNull(shareLinks.revokedAt)));
  return { revoked: true };
}
