import "server-only";
import { and, eq } from "drizzle-orm";
import { jobGroups, jobOutputs } from "@/db/schema";
import { AppError } from "@/server/errors";
import type { VerbContext } from "@/server/context";
import { isUuid } from "../../ids";

/**
 * POST /delete (D5): removes the group, its outputs and its stored files. Running work
 * stops on its own: every processing step first checks that its rows still exist, and
 * a result finished after the delete is discarded.
 */
export async function deleteJobGroup(ctx: VerbContext, input: { accountId: string; jobId: string }): Promise<{ message: string }> {
  if (!isUuid(input.jobId)) throw new AppError("not_found", "No job with this id.");
  const keys = await ctx.db.transaction(async (tx) => {
    const [group] = await tx
      .select()
      .from(jobGroups)
      .where(and(eq(jobGroups.id, input.jobId), eq(jobGroups.accountId, input.accountId)))
      .for("update");
    if (!group) throw new AppError("not_found", "No job with this id.");
    const outputs = await tx.select({ key: jobOutputs.outputKey }).from(jobOutputs).where(eq(jobOutputs.groupId, group.id));
    await tx.delete(jobGroups).where(eq(jobGroups.id, group.id));
    return [group.sourceKey, group.inspirationKey, group.keepMaskKey, ...outputs.map((o) => o.key)].filter((k): k is string => Boolean(k));
  });
  await Promise.all(keys.map((key) => ctx.storage.delete(key)));
  return { message: `Job ${input.jobId} deleted` };
}
