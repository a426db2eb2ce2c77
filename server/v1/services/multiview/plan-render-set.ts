import "server-only";
import { asc, eq } from "drizzle-orm";
import { renderSets, renderViews } from "@/db/schema";
import type { VerbContext } from "@/server/context";

export type RenderSetPlan = { accountId: string; views: { id: string; viewIndex: number }[] };

/** The account and the views of a set in view_index order (anchor first), or null when the set is gone. */
export async function planRenderSet(ctx: VerbContext, input: { setId: string }): Promise<RenderSetPlan | null> {
  const [set] = await ctx.db.select({ accountId: renderSets.accountId }).from(renderSets).where(eq(renderSets.id, input.setId));
  if (!set) return null;
  const views = await ctx.db
    .select({ id: renderViews.id, viewIndex: renderViews.viewIndex })
    .from(renderViews)
    .where(eq(renderViews.setId, input.setId))
    .orderBy(asc(renderViews.viewIndex));
  return { accountId: set.accountId, views };
}
