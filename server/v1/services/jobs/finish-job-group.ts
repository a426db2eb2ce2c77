import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { jobGroups, jobOutputs, type GroupStatus } from "@/db/schema";
import type { VerbContext } from "@/server/context";
import { emitWebhook } from "../webhooks/emit-webhook";
import { groupProviderFields } from "./group-provider";
import { outputChecksOf } from "./job-record";

/** Settles a group once every output is terminal, and announces it to the account's webhook. */
export async function finishJobGroup(ctx: VerbContext, input: { groupId: string }): Promise<{ status: GroupStatus | "gone" }> {
  const [group] = await ctx.db.select().from(jobGroups).where(eq(jobGroups.id, input.groupId));
  if (!group) return { status: "gone" };
  const outputs = await ctx.db.select().from(jobOutputs).where(eq(jobOutputs.groupId, group.id)).orderBy(asc(jobOutputs.position));
  if (outputs.some((o) => o.status === "processing")) return { status: "processing" };
  const succeeded = outputs.filter((o) => o.status === "completed").length;
  const status: GroupStatus = succeeded === outputs.length ? "completed" : succeeded > 0 ? "partially_completed" : "failed";
  const now = ctx.now();
  const settled = await ctx.db
    .update(jobGroups)
    .set({ status, updatedAt: now, completedAt: now })
    .where(and(eq(jobGroups.id, group.id), eq(jobGroups.status, "processing")))
    .returning({ id: jobGroups.id });
  if (settled.length > 0 || group.status === status) {
    await emitWebhook(ctx, {
      accountId: group.accountId,
      type: status === "failed" ? "job.failed" : "job.completed",
      data: { job_id: group.id, kind: "job", status, ...groupProviderFields(group, outputs), ...outputChecksOf(outputs) },
    });
  }
  return { status };
}
