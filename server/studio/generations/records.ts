/**
 * Reads and writes of generation rows shared by the verbs and the durable steps. Steps
 * address a generation by id alone: its workspace was checked when it was started.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import {
  generationOutputs,
  generations,
  type Generation,
  type GenerationError,
  type GenerationOutput,
} from "@/db/schema/studio-generations";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";

export async function loadGeneration(ctx: Pick<StudioContext, "db">, generationId: string): Promise<Generation> {
  const [row] = await ctx.db.select().from(generations).where(eq(generations.id, generationId));
  if (!row) throw new AppError("not_found", "Generation not found.");
  return row;
}

export async function loadOutputs(ctx: Pick<StudioContext, "db">, generationId: string): Promise<GenerationOutput[]> {
  return ctx.db.select().from(generationOutputs).where(eq(generationOutputs.generationId, generationId));
}

export async function updateGeneration(
  ctx: Pick<StudioContext, "db" | "now">,
  generationId: string,
  patch: Partial<Pick<Generation, "status" | "progress" | "result" | "error" | "serviceJobId">>,
): Promise<void> {
  const terminal = patch.status === "completed" || patch.status === "failed";
  await ctx.db
    .update(generations)
    .set({
      ...patch,
      updatedAt: ctx.now(),
      ...(terminal ? { completedAt: ctx.now() } : {}),
      ...(patch.status === "running" ? { completedAt: null } : {}),
    })
    .where(eq(generations.id, generationId));
}

export async function updateOutput(
  ctx: Pick<StudioContext, "db" | "now">,
  output: Pick<GenerationOutput, "generationId" | "role" | "position">,
  patch: Partial<
    Pick<
      GenerationOutput,
      "status" | "storageKey" | "contentType" | "serviceJobId" | "gate" | "gateScores" | "heldBackKey" | "error" | "attempts" | "provider"
    >
  >,
): Promise<void> {
  await ctx.db
    .update(generationOutputs)
    .set({ ...patch, updatedAt: ctx.now() })
    .where(
      and(
        eq(generationOutputs.generationId, output.generationId),
        eq(generationOutputs.role, output.role),
        eq(generationOutputs.position, output.position),
      ),
    );
}

export async function failGeneration(ctx: Pick<StudioContext, "db" | "now">, generationId: string, error: GenerationError): Promise<void> {
  await ctx.db
    .update(generationOutputs)
    .set({ status: "failed", error, updatedAt: ctx.now() })
    .where(and(eq(generationOutputs.generationId, generationId), eq(generationOutputs.status, "running")));
  await updateGeneration(ctx, generationId, { status: "failed", error });
}

export type NewGeneration = Pick<Generation, "id" | "workspaceId" | "projectId" | "createdBy" | "kind" | "photoId" | "params"> &
  Partial<Pick<Generation, "serviceJobId">>;
export type NewOutput = Pick<GenerationOutput, "role" | "position" | "sourceKey"> &
  Partial<Pick<GenerationOutput, "serviceJobId" | "provider">>;

/** The columns a generation takes from the action that started it: its id (start-once.ts), workspace, project and who asked. */
export function startedFrom(input: { workspaceId: string; projectId: string; userId: string | null }, id: string) {
  return { id, workspaceId: input.workspaceId, projectId: input.projectId, createdBy: input.userId };
}

/** Inserts a running generation and its expected outputs in one transaction. */
export async function insertGeneration(
  ctx: Pick<StudioContext, "db">,
  generation: NewGeneration,
  outputs: NewOutput[] = [],
): Promise<Generation> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(generations).values(generation).returning();
    if (outputs.length > 0) {
      await tx
        .insert(generationOutputs)
        .values(outputs.map((output) => ({ ...output, generationId: row.id, workspaceId: row.workspaceId })));
    }
    return row;
  });
}
