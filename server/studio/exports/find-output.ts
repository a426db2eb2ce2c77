import "server-only";
import { and, eq } from "drizzle-orm";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";

/** A finished output of the workspace with its generation; another workspace's is "not found". */
export async function findOutput(ctx: Pick<StudioContext, "db">, input: { workspaceId: string; outputId: string }) {
  const [row] = await ctx.db
    .select({ output: generationOutputs, generation: generations })
    .from(generationOutputs)
    .innerJoin(generations, eq(generations.id, generationOutputs.generationId))
    .where(and(eq(generationOutputs.id, input.outputId), eq(generations.workspaceId, input.workspaceId)));
  if (!row) throw new AppError("not_found", "Result not found.");
  if (!row.output.storageKey) throw new AppError("conflict", "This result is not finished yet.");
  return { ...row, storageKey: row.output.storageKey };
}
