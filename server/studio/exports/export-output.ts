/**
 * A download link for any finished result. With `disclosure`, altered images get the
 * label burned in (once; the labelled copy is kept beside the result and reused).
 */
import type { StudioContext } from "../context";
import { generationKeyPrefix } from "../generations/import-output";
import { disclosureLabelFor } from "@/shared/generation-vocabulary";
import { burnDisclosureLabel } from "./disclosure-label";
import { findOutput } from "./find-output";

export async function exportOutput(ctx: StudioContext, input: { workspaceId: string; outputId: string; disclosure: boolean }) {
  const { output, generation, storageKey } = await findOutput(ctx, input);
  const store = ctx.storage();
  const extension = storageKey.split(".").pop() ?? "bin";
  const baseName = `${generation.kind}-${output.role}-${output.position + 1}`;
  const label = input.disclosure ? disclosureLabelFor(output.role) : null;
  if (!label) return { url: await store.url(storageKey), fileName: `${baseName}.${extension}`, labelled: false };

  const labelledKey = `${generationKeyPrefix(generation)}exports/${output.id}-${output.attempts}-disclosed.jpg`;
  if (!(await store.get(labelledKey))) {
    const blob = await store.get(storageKey);
    if (!blob) throw new Error(`output ${output.id} is missing from storage`);
    await store.put(labelledKey, await burnDisclosureLabel(blob.bytes, label), "image/jpeg");
  }
  return { url: await store.url(labelledKey), fileName: `${baseName}-disclosed.jpg`, labelled: true };
}
