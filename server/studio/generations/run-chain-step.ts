/**
 * The two steps of the inpaint→upscale chain. Each is one synchronous v1 call with an
 * Idempotency-Key, so a step that runs twice replays the first answer instead of paying
 * again. The upscale reads the studio's copy of the inpaint's first output.
 */
import "server-only";
import type { z } from "zod";
import type { Generation } from "@/db/schema/studio-generations";
import type { InpaintResponseSchema } from "@/server/v1/schemas/media";
import type { V1Client } from "@/server/v1/client/create-v1-client";
import { V1ApiError } from "@/server/v1/client/v1-api-error";
import type { StudioContext } from "../context";
import { recordUsage } from "../usage/record-usage";
import { generationKeyPrefix, importOutput } from "./import-output";
import { failGeneration, loadGeneration, loadOutputs, updateGeneration, updateOutput } from "./records";
import { generationError, isTransientV1Failure } from "./v1-failure";

type Envelope = z.infer<typeof InpaintResponseSchema>;
export type ChainStepOutcome = { ok: boolean };

/**
 * Links are made in their own step and memoized: a retried call must send the same body
 * as the first (a fresh signed link would differ and the Idempotency-Key would refuse it).
 */
export async function inpaintLinks(ctx: StudioContext, generationId: string): Promise<{ submittedUrl: string; maskUrl: string }> {
  const generation = await loadGeneration(ctx, generationId);
  const [source] = (await loadOutputs(ctx, generationId)).filter((o) => o.role === "inpainted");
  const store = ctx.storage;
  return { submittedUrl: await store.url(source.sourceKey!), maskUrl: await store.url(String(generation.params.maskKey)) };
}

/** A link to the studio's copy of the inpaint output, or null when there is none. */
export async function upscaleLink(ctx: StudioContext, generationId: string): Promise<string | null> {
  const [inpainted] = (await loadOutputs(ctx, generationId)).filter((o) => o.role === "inpainted" && o.storageKey);
  return inpainted ? ctx.storage.url(inpainted.storageKey!) : null;
}

export async function runInpaintStep(ctx: StudioContext, generationId: string, links: { submittedUrl: string; maskUrl: string }): Promise<ChainStepOutcome> {
  const generation = await loadGeneration(ctx, generationId);
  const params = generation.params as { inpaintingType: "remove" | "replace"; renderType: "interior" | "exterior"; roomType: string | null; style: string | null };
  return callStep(ctx, generation, "inpaint", 0, (client) =>
    client.inpaint(
      {
        submitted_url: links.submittedUrl,
        mask_url: links.maskUrl,
        inpainting_type: params.inpaintingType,
        render_type: params.renderType,
        room_type: params.roomType ?? undefined,
        style: params.style ?? undefined,
      },
      { idempotencyKey: `studio-${generationId}-inpaint` },
    ),
  );
}

export async function runUpscaleStep(ctx: StudioContext, generationId: string, imageUrl: string): Promise<ChainStepOutcome> {
  const generation = await loadGeneration(ctx, generationId);
  const outcome = await callStep(ctx, generation, "upscale", 1, (client) =>
    client.upscale({ image_url: imageUrl }, { idempotencyKey: `studio-${generationId}-upscale` }),
  );
  if (outcome.ok) await updateGeneration(ctx, generationId, { status: "completed" });
  return outcome;
}

async function callStep(
  ctx: StudioContext,
  generation: Generation,
  operation: "inpaint" | "upscale",
  position: number,
  call: (client: V1Client) => Promise<Pick<Envelope, "job_id" | "credits_charged"> & { result: { output_urls: string[]; provider: string } | null }>,
): Promise<ChainStepOutcome> {
  const role = operation === "inpaint" ? "inpainted" : "upscaled";
  const client = await ctx.v1.rawForWorkspace(generation.workspaceId);
  let envelope;
  try {
    envelope = await call(client);
  } catch (error) {
    // Let the step be retried when the service was unreachable or busy.
    if (isTransientV1Failure(error)) throw error;
    const failed = error instanceof V1ApiError ? error.envelope : null;
    if (failed?.job_id) await recordUsage(ctx, generation, { operation, v1JobId: failed.job_id, credits: failed.credits_charged, quotaUnits: 1 });
    await failGeneration(ctx, generation.id, generationError(error));
    return { ok: false };
  }
  const outputUrl = envelope.result?.output_urls[0];
  if (envelope.job_id) await recordUsage(ctx, generation, { operation, v1JobId: envelope.job_id, credits: envelope.credits_charged, quotaUnits: 1 });
  if (!outputUrl) {
    await failGeneration(ctx, generation.id, { code: "job_failed", message: "The image service returned no image." });
    return { ok: false };
  }
  const stored = await importOutput(ctx, { url: outputUrl, keyStem: `${generationKeyPrefix(generation)}${role}` });
  await updateOutput(ctx, { generationId: generation.id, role, position }, { status: "completed", v1JobId: envelope.job_id, provider: envelope.result?.provider ?? null, ...stored });
  return { ok: true };
}
