/**
 * The two steps of the inpaint→upscale chain. Each is one synchronous v1 call with an
 * Idempotency-Key, so a step that runs twice replays the first answer instead of paying
 * again. The upscale reads the studio's copy of the inpaint's first output.
 */
import "server-only";
import type { Generation } from "@/db/schema/studio-generations";
import type { StudioContext } from "../../context";
import { chargedCall } from "../charged-call";
import { generationKeyPrefix, importOutput } from "../import-output";
import { failGeneration, loadGeneration, loadOutputs, updateGeneration, updateOutput } from "../records";
import { idempotencyFor } from "../start-once";
import type { InpaintUpscaleParams } from "./inpaint-request";

export type ChainStepOutcome = { ok: boolean };

/**
 * Links are made in their own step and memoized: a retried call must send the same body
 * as the first (a fresh signed link would differ and the Idempotency-Key would refuse it).
 */
export async function inpaintLinks(ctx: StudioContext, generationId: string): Promise<{ submittedUrl: string; maskUrl: string }> {
  const generation = await loadGeneration(ctx, generationId);
  const [source] = (await loadOutputs(ctx, generationId)).filter((o) => o.role === "inpainted");
  const { maskKey } = generation.params as InpaintUpscaleParams;
  return { submittedUrl: await ctx.storage.url(source.sourceKey!), maskUrl: await ctx.storage.url(maskKey) };
}

/** A link to the studio's copy of the inpaint output, or null when there is none. */
export async function upscaleLink(ctx: StudioContext, generationId: string): Promise<string | null> {
  const [inpainted] = (await loadOutputs(ctx, generationId)).filter((o) => o.role === "inpainted" && o.storageKey);
  return inpainted ? ctx.storage.url(inpainted.storageKey!) : null;
}

export async function runInpaintStep(
  ctx: StudioContext,
  generationId: string,
  links: { submittedUrl: string; maskUrl: string },
): Promise<ChainStepOutcome> {
  const generation = await loadGeneration(ctx, generationId);
  const { maskKey: _stored, ...request } = generation.params as InpaintUpscaleParams;
  const answer = await chargedCall(ctx, generation, "inpaint", (client) =>
    client.inpaint({ ...request, submitted_url: links.submittedUrl, mask_url: links.maskUrl }, idempotencyFor(generationId, "inpaint")),
  );
  return keepOutput(ctx, generation, "inpainted", 0, answer);
}

export async function runUpscaleStep(ctx: StudioContext, generationId: string, imageUrl: string): Promise<ChainStepOutcome> {
  const generation = await loadGeneration(ctx, generationId);
  const answer = await chargedCall(ctx, generation, "upscale", (client) =>
    client.upscale({ image_url: imageUrl }, idempotencyFor(generationId, "upscale")),
  );
  const outcome = await keepOutput(ctx, generation, "upscaled", 1, answer);
  if (outcome.ok) await updateGeneration(ctx, generationId, { status: "completed" });
  return outcome;
}

/** Copies the step's image into studio storage as the chain's output; a call that failed was settled by chargedCall. */
async function keepOutput(
  ctx: StudioContext,
  generation: Generation,
  role: "inpainted" | "upscaled",
  position: number,
  answer: { job_id: string | null; result: { output_urls: string[]; provider: string } | null } | null,
): Promise<ChainStepOutcome> {
  if (!answer) return { ok: false };
  const outputUrl = answer.result?.output_urls[0];
  if (!outputUrl) {
    await failGeneration(ctx, generation.id, { code: "job_failed", message: "The image service returned no image." });
    return { ok: false };
  }
  const stored = await importOutput(ctx, { url: outputUrl, keyStem: `${generationKeyPrefix(generation)}${role}` });
  await updateOutput(
    ctx,
    { generationId: generation.id, role, position },
    { status: "completed", serviceJobId: answer.job_id, provider: answer.result?.provider ?? null, ...stored },
  );
  return { ok: true };
}
