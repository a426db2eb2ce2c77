/**
 * Pauses a batch: no further photo is started until it is resumed. Photos already with
 * the service finish (they are paid for). Pausing a paused batch changes nothing; a
 * canceled or finished one cannot be paused.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { stagingBatches } from "@/db/schema/studio-batches";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { lockBatch } from "./find-batch";

export async function pauseBatch(ctx: StudioContext, input: { workspaceId: string; batchId: string }): Promise<{ status: "paused" }> {
  return ctx.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, input);
    if (batch.status === "paused") return { status: "paused" as const };
    if (batch.status !== "running") throw new AppError("conflict", `This batch is ${batch.status}; only a running batch can be paused.`);
    await tx.update(stagingBatches).set({ status: "paused", updatedAt: ctx.now() }).where(eq(stagingBatches.id, batch.id));
    return { status: "paused" as const };
  });
}
