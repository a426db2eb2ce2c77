import type { ImageFile } from "@/server/providers/types";
import { newBlobKey, type BlobStore } from "@/server/storage";

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "video/mp4": "mp4" };

/** Copies provider outputs into our storage; returns their keys and client URLs, in order. */
export async function storeOutputs(storage: BlobStore, outputs: ImageFile[], kind: string): Promise<{ keys: string[]; urls: string[] }> {
  const keys: string[] = [];
  for (const output of outputs) {
    const key = newBlobKey(kind, EXTENSIONS[output.contentType] ?? "bin");
    await storage.put(key, output.bytes, output.contentType);
    keys.push(key);
  }
  return { keys, urls: await Promise.all(keys.map((key) => storage.url(key))) };
}
