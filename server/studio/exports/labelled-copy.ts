/**
 * The labelled copy of an altered image (its disclosure and a QR code to its image page
 * burned in), made once and kept beside the result: downloads and the listing's zip
 * reuse it. The key names the attempt, the page and the label, so a redo, a new page or
 * a reworded label never serves a stale copy.
 */
import "server-only";
import type { Generation, GenerationOutput } from "@/db/schema/studio-generations";
import type { BlobStore } from "@/server/storage";
import { fileSlug } from "@/shared/listing-numbering";
import { generationKeyPrefix } from "../generations/import-output";
import { burnDisclosureLabel } from "./disclosure-label";

export async function labelledCopy(
  store: BlobStore,
  input: { generation: Pick<Generation, "id" | "workspaceId" | "projectId">; output: Pick<GenerationOutput, "id" | "attempts"> & { storageKey: string }; label: string; pageUrl: string },
): Promise<string> {
  const { generation, output, label, pageUrl } = input;
  const token = pageUrl.split("/").pop()!.slice(0, 12);
  const key = `${generationKeyPrefix(generation)}exports/${output.id}-${output.attempts}-${token}-${fileSlug(label)}.jpg`;
  if (await store.get(key)) return key;
  const blob = await store.get(output.storageKey);
  if (!blob) throw new Error(`output ${output.id} is missing from storage`);
  await store.put(key, await burnDisclosureLabel(blob.bytes, label, { originalUrl: pageUrl }), "image/jpeg");
  return key;
}
