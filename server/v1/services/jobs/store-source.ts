import { newBlobKey, type BlobStore } from "@/server/storage";
import { readImageUrl } from "@/server/net/read-image";

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/**
 * Fetches a user-supplied image URL through the SSRF-safe reader (or reads our own
 * stored output directly) and keeps a copy in storage, so background work never
 * fetches a URL again.
 */
export async function storeSource(storage: BlobStore, url: string, kind = "source"): Promise<{ key: string; width: number; height: number }> {
  const image = await readImageUrl(url);
  const key = newBlobKey(kind, EXTENSIONS[image.contentType] ?? "bin");
  await storage.put(key, image.bytes, image.contentType);
  return { key, width: image.width, height: image.height };
}
