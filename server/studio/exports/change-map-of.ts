/**
 * The change map of a finished output against the photo it was made from, stored beside
 * the output (`<output key>.changes.png` overlay and `.changes.json` summary) the first
 * time anyone asks, then read back: outputs never change, so neither does their map.
 * Staging-type outputs also carry the structure check's verdict with every zone's scores
 * (what the image service judged them by), so the change view shows why an output was
 * refused or how close it came; summaries stored before that have none.
 */
import "server-only";
import { computeChangeMap } from "@/server/images/change-map";
import { renderChangeOverlay } from "@/server/images/change-overlay";
import { changedRegions, changeSummaryText } from "@/server/images/change-regions";
import { checkStructure, STRUCTURE_CHECKED_TYPES } from "@/server/images/structure-check";
import { summariseStructure, type StructureSummary } from "@/server/images/structure-summary";
import type { BlobStore } from "@/server/storage";
import { removesContent, outputOperation } from "./output-operation";
import type { generationOutputs, generations } from "@/db/schema/studio-generations";

export interface ChangeMapSummary {
  /** 0..100, one decimal. */
  changedPercent: number;
  regions: string[];
  regraded: boolean;
  /** "changed: 4 % of the image, regions: floor, back wall": worded on every read, from the figures above. */
  summary: string;
  /** removed: the overlay shows what was taken out; added: where the image changed. */
  mode: "added" | "removed";
  boxes: { x: number; y: number; width: number; height: number }[];
  /** The structure check of a staging, redecorate, render or declutter output. */
  structure?: StructureSummary;
}

export function changeMapKeys(storageKey: string) {
  return { overlay: `${storageKey}.changes.png`, summary: `${storageKey}.changes.json` };
}

export async function changeMapOf(
  store: BlobStore,
  input: {
    generation: Pick<typeof generations.$inferSelect, "kind" | "params">;
    output: Pick<typeof generationOutputs.$inferSelect, "role" | "sourceKey" | "storageKey" | "contentType">;
  },
): Promise<(ChangeMapSummary & { overlayUrl: string }) | null> {
  const { output } = input;
  const operation = outputOperation(input.generation, output);
  if (!output.storageKey || !output.sourceKey || !operation || operation === "video" || output.contentType?.startsWith("video/"))
    return null;
  const keys = changeMapKeys(output.storageKey);
  const saved = await store.get(keys.summary);
  if (saved) {
    const stored = JSON.parse(saved.bytes.toString("utf8")) as Omit<ChangeMapSummary, "summary">;
    // Summaries stored before the check had three verdicts (D17) carry its old words: judged again.
    if (stored.structure && !("summary" in stored.structure)) {
      const [source, result] = await Promise.all([store.get(output.sourceKey), store.get(output.storageKey)]);
      if (source && result) {
        stored.structure = summariseStructure(
          await checkStructure(source.bytes, result.bytes, structureOptions(input.generation, operation)),
        );
        await store.put(keys.summary, Buffer.from(JSON.stringify(stored)), "application/json");
      }
    }
    return { ...stored, summary: changeSummaryText(stored), overlayUrl: await store.url(keys.overlay) };
  }

  const [source, result] = await Promise.all([store.get(output.sourceKey), store.get(output.storageKey)]);
  if (!source || !result) return null;
  const map = await computeChangeMap(source.bytes, result.bytes);
  const mode = removesContent(operation) ? "removed" : "added";
  const regions = changedRegions(map);
  const stored: Omit<ChangeMapSummary, "summary"> = {
    changedPercent: Math.round(map.changedFraction * 1000) / 10,
    regions: regions.map((r) => r.name),
    regraded: map.regraded,
    mode,
    boxes: map.boxes,
  };
  if ((STRUCTURE_CHECKED_TYPES as readonly string[]).includes(operation)) {
    stored.structure = summariseStructure(await checkStructure(source.bytes, result.bytes, structureOptions(input.generation, operation)));
  }
  // Overlay first: a summary on disk promises its overlay is there too.
  await store.put(keys.overlay, await renderChangeOverlay(map, mode, source.bytes), "image/png");
  await store.put(keys.summary, Buffer.from(JSON.stringify(stored)), "application/json");
  return { ...stored, summary: changeSummaryText(stored), overlayUrl: await store.url(keys.overlay) };
}

/** What the structure check is told of the request: its room type (built-ins are judged in kitchens and bathrooms) and type. */
function structureOptions(generation: Pick<typeof generations.$inferSelect, "params">, operation: string) {
  const params = generation.params as { roomType?: string; room_type?: string } | null;
  return { roomType: params?.roomType ?? params?.room_type ?? null, type: operation };
}
