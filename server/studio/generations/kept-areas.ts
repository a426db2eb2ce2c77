/**
 * A run's kept areas (D17): each photo's mask, as it was when the run started, copied
 * into the run's own folder (so editing the photo's areas later, or deleting the photo,
 * changes no result), and what each area is. Stored in the generation's params as
 * `kept`; the result view's outline, the labelled download's placement of its label and
 * the disclosure pages read them from there.
 */
import "server-only";
import type { KeptArea } from "@/shared/kept-areas";
import type { StudioContext } from "../context";
import { generationKeyPrefix } from "./import-output";

/** The kept areas of one photo of a run: the photo's file (outputs name it as their source), the run's copy of the mask, what each area is. */
export interface KeptRecord {
  sourceKey: string;
  maskKey: string;
  areas: KeptArea[];
}

type KeptPhoto = { storageKey: string; keepMaskKey: string | null; keptAreas: KeptArea[] | null };

/** Copies the kept areas of each photo that has some into the run's folder; in the photos' order. */
export async function keepForRun(
  ctx: Pick<StudioContext, "storage">,
  generation: { workspaceId: string; projectId: string; id: string },
  photos: KeptPhoto[],
): Promise<KeptRecord[]> {
  const records: KeptRecord[] = [];
  for (const [index, photo] of photos.entries()) {
    if (!photo.keepMaskKey || !photo.keptAreas?.length) continue;
    const mask = await ctx.storage.get(photo.keepMaskKey);
    if (!mask) continue;
    const maskKey = `${generationKeyPrefix(generation)}keep-mask-${index}.png`;
    await ctx.storage.put(maskKey, mask.bytes, "image/png");
    records.push({ sourceKey: photo.storageKey, maskKey, areas: photo.keptAreas });
  }
  return records;
}

/** The kept areas of the photo an output was made from, or null. */
export function keptRecordOf(params: Record<string, unknown>, sourceKey: string | null): KeptRecord | null {
  const kept = (params as { kept?: KeptRecord[] }).kept;
  return (sourceKey && kept?.find((record) => record.sourceKey === sourceKey)) || null;
}

/** A signed link to a run's copy of a photo's mask, for the service to fetch (keep_mask_url). */
export async function keepMaskUrl(ctx: Pick<StudioContext, "storage">, records: KeptRecord[], sourceKey: string): Promise<string | null> {
  const record = records.find((r) => r.sourceKey === sourceKey);
  return record ? ctx.storage.url(record.maskKey) : null;
}
