/**
 * Saves an edit of a finished description as a new revision (the copy's history). An
 * unchanged text adds nothing, so a double click or a re-save keeps one revision.
 */
import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { descriptionRevisions } from "@/db/schema/studio-listing-copy";
import { generations } from "@/db/schema/studio-generations";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../../context";
import type { ReviseDescriptionSchema } from "./revise-description.schema";

export async function reviseDescription(
  ctx: StudioContext,
  input: z.infer<typeof ReviseDescriptionSchema> & { workspaceId: string; userId: string },
) {
  const [generation] = await ctx.db
    .select()
    .from(generations)
    .where(
      and(eq(generations.id, input.generationId), eq(generations.workspaceId, input.workspaceId), eq(generations.kind, "description")),
    );
  if (!generation) throw new AppError("not_found", "Description not found.");
  if (generation.status !== "completed") throw new AppError("conflict", "The description is not written yet.");
  return ctx.db.transaction(async (tx) => {
    // One editor at a time per description: the lock orders concurrent saves.
    await tx.select({ id: generations.id }).from(generations).where(eq(generations.id, generation.id)).for("update");
    const [latest] = await tx
      .select({ text: descriptionRevisions.text })
      .from(descriptionRevisions)
      .where(eq(descriptionRevisions.generationId, generation.id))
      .orderBy(desc(descriptionRevisions.createdAt))
      .limit(1);
    const current = latest?.text ?? String(generation.result?.description ?? "");
    if (current === input.text) return { saved: false };
    await tx.insert(descriptionRevisions).values({
      generationId: generation.id,
      workspaceId: input.workspaceId,
      text: input.text,
      editedBy: input.userId,
      createdAt: ctx.now(),
    });
    return { saved: true };
  });
}
