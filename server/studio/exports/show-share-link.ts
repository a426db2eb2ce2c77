import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { shareLinks } from "@/db/schema/studio-generations";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";
import { sharePath } from "./share-url";
import { shareTokenOf } from "./share-token";

/** The project's live share link, or null when it has none. */
export async function showShareLink(ctx: Pick<StudioContext, "db">, input: { workspaceId: string; projectId: string }) {
  await getProject(ctx, input);
  const [link] = await ctx.db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.workspaceId, input.workspaceId), eq(shareLinks.projectId, input.projectId), isNull(shareLinks.revokedAt)))
    .orderBy(desc(shareLinks.createdAt))
    .limit(1);
  return link ? { path: sharePath(shareTokenOf(link)), createdAt: link.createdAt } : null;
}
