import "server-only";
import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import { mlsRuleSet, type MlsRuleSet } from "@/shared/mls-rules";
import type { StudioContext } from "../context";

/** The workspace's MLS rule set (the general one until an admin chooses). */
export async function showMlsRuleSet(ctx: Pick<StudioContext, "db">, input: { workspaceId: string }): Promise<MlsRuleSet> {
  const [row] = await ctx.db.select({ id: workspaces.mlsRuleSet }).from(workspaces).where(eq(workspaces.id, input.workspaceId));
  return mlsRuleSet(row?.id);
}
