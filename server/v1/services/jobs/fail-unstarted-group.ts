import "server-only";
import { eq } from "drizzle-orm";
import { jobGroups, jobOutputs } from "@/db/schema";
import type { VerbContext } from "@/server/context";

const NOT_STARTED = { code: "internal_error", message: "The job could not be started." };

export async function failUnstartedGroup(ctx: VerbContext, groupId: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(jobOutputs).set({ status: "failed", error: NOT_STARTED, completedAt: now }).where(eq(jobOutputs.groupId, groupId));
    await tx.update(jobGroups).set({ status: "failed", updatedAt: now, completedAt: now }).where(eq(jobGroups.id, groupId));
  });
}
