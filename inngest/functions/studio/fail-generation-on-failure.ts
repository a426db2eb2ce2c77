/**
 * onFailure handler of every studio function: when a run gives up (retries exhausted,
 * or a NonRetriableError), its generation must not be left "running" forever.
 */
import { createStudioContext } from "@/server/studio/context";
import { failGeneration, loadGeneration } from "@/server/studio/generations/records";

export async function failGenerationOnFailure({ event }: { event: { data: { event: { data: { generationId?: string } } } } }) {
  const generationId = event.data.event.data.generationId;
  if (!generationId) return;
  const ctx = await createStudioContext();
  const generation = await loadGeneration(ctx, generationId);
  if (generation.status !== "running") return;
  await failGeneration(ctx, generationId, {
    code: "internal_error",
    message: "The studio could not finish this request. Please try again.",
  });
}
