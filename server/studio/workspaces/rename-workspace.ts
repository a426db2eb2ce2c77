import "server-only";
import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import type { StudioContext } from "../context";

/** Renames a workspace; the slug stays so links and bookmarks keep working. */
export async function renameWorkspace(ctx: StudioContext, input: { workspaceId: string; name: string }): Promise<void> {
  await ctx.db.update(workspaces).set({ name: input.name.trim(), updatedAt: ctx.now() }).where(eq(workspaces.id, input.workspaceId));
}
