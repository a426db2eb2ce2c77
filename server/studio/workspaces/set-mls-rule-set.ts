import "server-only";
import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import type { MlsRuleSetId } from "@/shared/mls-rules";
import type { StudioContext } from "../context";

/** Chooses the MLS rule set the studio checks this workspace's edits against. */
export async function setMlsRuleSet(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; ruleSetId: MlsRuleSetId },
): Promise<void> {
  await ctx.db.update(workspaces).set({ mlsRuleSet: input.ruleSetId, updatedAt: ctx.now() }).where(eq(workspaces.id, input.workspaceId));
}
