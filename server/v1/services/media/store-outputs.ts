import "server-only";
import type { KeptRegion } from "@/server/images/kept-areas";
import type { ImageFile, ProviderResult } from "@/server/providers/types";
import { embedProvenance } from "@/server/provenance/embed-provenance";
import { provenanceRecord } from "@/server/provenance/provenance-record";
import { newBlobKey, type BlobStore } from "@/server/storage";
import { extensionFor } from "@/shared/media-types";

/** Keeps one file in our storage under a new unguessable key; returns the key. */
export async function storeFile(storage: BlobStore, file: ImageFile, kind: string): Promise<string> {
  const key = newBlobKey(kind, extensionFor(file.contentType));
  await storage.put(key, file.bytes, file.contentType);
  return key;
}

export interface OutputOrigin {
  /** `staging`, `declutter`, `inpaint_remove`, `upscale`, `video_zoom_in`, … */
  operation: string;
  /** The bytes the operation started from, hashed into the provenance record. */
  source: Buffer;
  now: Date;
  /** The areas pasted back from the source (D17), which the file's metadata names. */
  kept?: KeptRegion[] | null;
}

/** The output with its provenance (how, by what, from which source, what was kept of it) written into the file. */
export function withProvenance(
  output: ImageFile,
  done: Pick<ProviderResult, "provider" | "model">,
  origin: OutputOrigin,
): Promise<ImageFile> {
  const record = provenanceRecord({
    operation: origin.operation,
    provider: done.provider,
    model: done.model,
    source: origin.source,
    createdAt: origin.now,
    keptAreas: origin.kept ?? [],
  });
  return embedProvenance(output, record);
}

/** Copies provider outputs, provenance written in, into our storage; returns their keys and client URLs, in order. */
export async function storeOutputs(
  storage: BlobStore,
  done: Pick<ProviderResult, "provider" | "model">,
  outputs: ImageFile[],
  kind: string,
  origin: OutputOrigin,
): Promise<{ keys: string[]; urls: string[] }> {
  const keys: string[] = [];
  for (const output of outputs) keys.push(await storeFile(storage, await withProvenance(output, done, origin), kind));
  return { keys, urls: await Promise.all(keys.map((key) => storage.url(key))) };
}
