/**
 * Makes one output of a job group: reads the stored source, calls the redesign
 * provider, stores the result. Runs as a durable step, so it is safe to repeat: a
 * finished output or a deleted group is left alone.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { jobGroups, jobOutputs } from "@/db/schema";
import type { VerbContext } from "@/server/context";
import { storeFile, withProvenance } from "../media/store-outputs";
import { readKeepMask } from "../providers/read-keep-mask";
import { redesignChecked } from "../providers/redesign-checked";

export async function generateJobOutput(ctx: VerbContext, input: { outputId: string }): Promise<{ status: "completed" | "skipped" }> {
  const [row] = await ctx.db
    .select({ output: jobOutputs, group: jobGroups })
    .from(jobOutputs)
    .innerJoin(jobGroups, eq(jobGroups.id, jobOutputs.groupId))
    .where(eq(jobOutputs.id, input.outputId));
  if (!row || row.output.status !== "processing") return { status: "skipped" };
  const { group, output } = row;

  const source = await ctx.storage.get(group.sourceKey);
  if (!source) return { status: "skipped" };
  const inspiration = group.inspirationKey ? await ctx.storage.get(group.inspirationKey) : null;
  const keepMask = await readKeepMask(ctx, group.keepMaskKey);
  const provider = ctx.providers.redesign;
  const { result, check, kept } = await redesignChecked(
    provider,
    { bytes: source.bytes, contentType: source.contentType },
    {
      type: group.redesignType,
      roomType: group.roomType,
      style: group.style,
      color: group.color,
      intensity: group.intensity,
      environment: group.environment,
      maskPrompt: group.maskPrompt,
      inspiration: inspiration?.bytes ?? null,
      styleReference: null,
      variant: output.position,
      seed: group.seed,
      workKey: `job-output:${output.id}`,
    },
    keepMask,
  );
  const image = await withProvenance(result.outputs[0], result, {
    operation: group.redesignType,
    source: source.bytes,
    now: ctx.now(),
    kept,
  });
  const key = await storeFile(ctx.storage, image, "output");
  const updated = await ctx.db
    .update(jobOutputs)
    .set({
      status: "completed",
      outputKey: key,
      provider: result.provider,
      providerStatusUrl: result.statusUrl,
      outputCheck: check,
      completedAt: ctx.now(),
    })
    .where(and(eq(jobOutputs.id, output.id), eq(jobOutputs.status, "processing")))
    .returning({ id: jobOutputs.id });
  // The group was deleted (or the output settled) while the provider worked: drop the file.
  if (updated.length === 0) await ctx.storage.delete(key);
  return { status: updated.length ? "completed" : "skipped" };
}
