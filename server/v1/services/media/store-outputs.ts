import type { ImageFile, ProviderResult } from "@/server/providers/types";
import { embedProvenance } from "@/server/provenance/embed-provenance";
import { provenanceRecord } from "@/server/provenance/provenance-record";
import { newBlobKey, type BlobStore } from "@/server/storage";

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "video/mp4": "mp4" };

export interface OutputOrigin {
  /** `staging`, `declutter`, `inpaint_remove`, `upscale`, `video_zoom_in`, … */
  operation: string;
  /** The bytes the operation started from, hashed into the provenance record. */
  source: Buffer;
  now: Date;
}

/** The output with its provenance (how, by what, from which source) written into the file. */
export function withProvenance(output: ImageFile, done: Pick<ProviderResult, "provider" | "model">, origin: OutputOrigin): Promise<ImageFile> {
  const record = provenanceRecord({ operation: origin.operation, provider: done.provider, model: done.model, source: origin.source, createdAt: origin.now });
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
  for (const output of outputs) {
    const key = newBlobKey(kind, EXTENSIONS[output.contentType] ?? "bin");
    const file = await withProvenance(output, done, origin);
    await storage.put(key, file.bytes, file.contentType);
    keys.push(key);
  }
  return { keys, urls: await Promise.all(keys.map((key) => storage.url(key))) };
}
