/**
 * Resumes a paused batch: its durable function starts again where the batch stands.
 * Only the request that moves it from paused sends the event, so a double click starts
 * one run.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { stagingBatches } from "@/db/schema/studio-batches";
import { batchAdvance } from "@/inngest/studio-events";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { lockBatch } from "./find-batch";

export async function resumeBatch(ctx: StudioContext, input: { workspaceId: string; batchId: string }): Promise<{ status: "running" }> {
  const resumedAt = await ctx.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, input);
    if (batch.status === "running") return null;
    if (batch.status !== "paused") throw new AppError("conflict", `This batch is ${batch.status}; only a paused batch can be resumed.`);
    const now = ctx.now();
    await tx.update(stagingBatches).set({ status: "running", updatedAt: now }).where(eq(stagingBatches.id, batch.id));
    return now;
  });
  if (resumedAt)
    await ctx.events.send(
      batchAdvance.create({ batchId: input.batchId, round: 0 }, { id: `batch-${input.batchId}-resumed-${resumedAt.getTime()}` }),
    );
  return { status: "running" };
}
