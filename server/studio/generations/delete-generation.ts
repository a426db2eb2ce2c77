/**
 * Deletes one finished workflow run and its stored outputs. A running one is refused:
 * its durable poll still writes to the row. Credit usage stays in the ledger (its
 * generation link is set null), because the credits were spent.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { generations } from "@/db/schema/studio-generations";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { generationKeyPrefix } from "./import-output";

export async function deleteGeneration(ctx: StudioContext, input: { workspaceId: string; generationId: string }): Promise<void> {
  const where = and(eq(generations.id, input.generationId), eq(generations.workspaceId, input.workspaceId));
  const [generation] = await ctx.db.select().from(generations).where(where);
  if (!generation) throw new AppError("not_found", "Result not found.");
  if (generation.status === "running") throw new AppError("conflict", "This run is still in progress; delete it once it has finished.");
  await ctx.db.delete(generations).where(and(where, eq(generations.status, generation.status)));
  await ctx.storage.deletePrefix(generationKeyPrefix(generation));
}
