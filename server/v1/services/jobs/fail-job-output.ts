import "server-only";
import { and, eq } from "drizzle-orm";
import { jobOutputs, type ErrorInfo } from "@/db/schema";
import type { VerbContext } from "@/server/context";

/** Records an output whose generation failed for good (after its retries). */
export async function failJobOutput(ctx: VerbContext, input: { outputId: string; error: ErrorInfo }): Promise<void> {
  await ctx.db
    .update(jobOutputs)
    .set({ status: "failed", error: input.error, completedAt: ctx.now() })
    .where(and(eq(jobOutputs.id, input.outputId), eq(jobOutputs.status, "processing")));
}
