import "server-only";
import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";

/** A workspace by its slug, for the operator's command line (people reach theirs through their memberships). */
export async function workspaceBySlug(ctx: Pick<StudioContext, "db">, slug: string): Promise<{ id: string; name: string }> {
  const [workspace] = await ctx.db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces).where(eq(workspaces.slug, slug));
  if (!workspace) throw new AppError("not_found", "No such workspace.");
  return workspace;
}
