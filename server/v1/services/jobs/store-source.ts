import "server-only";
import { uprightSize } from "@/server/images/raw-image";
import type { BlobStore } from "@/server/storage";
import { readImageUrl } from "@/server/net/read-image";
import { storeFile } from "../media/store-outputs";

/**
 * Fetches a user-supplied image URL through the SSRF-safe reader (or reads our own
 * stored output directly) and keeps a copy in storage, so background work never
 * fetches a URL again. The size is the upright one (EXIF orientation applied), as the
 * photo is shown and as a keep mask is painted over it.
 */
export async function storeSource(
  storage: BlobStore,
  url: string,
  kind = "source",
): Promise<{ key: string; width: number; height: number }> {
  const image = await readImageUrl(storage, url);
  const key = await storeFile(storage, image, kind);
  return { key, ...(await uprightSize(image.bytes)) };
}
