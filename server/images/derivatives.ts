/**
 * Resized copies of an image for the studio's pages, made once when the image is stored:
 * a thumbnail for grids and pickers and a display size for viewing, both WebP. A 12 MP
 * phone photo is several MB; its 480-px thumbnail is a few tens of KB, so a project page
 * with 80 photos loads in a fraction of the bytes. Originals stay untouched for the
 * providers and downloads.
 */
import "server-only";
import { limitedSharp } from "@/server/net/image-limits";
import type { BlobStore } from "@/server/storage";

export const DERIVATIVE_WIDTHS = { thumb: 480, display: 1600 } as const;
export type Derivative = keyof typeof DERIVATIVE_WIDTHS;
const DERIVATIVES = Object.keys(DERIVATIVE_WIDTHS) as Derivative[];

/** Where the `size` copy of the image at `key` is kept (beside the original). */
export function derivativeKey(key: string, size: Derivative): string {
  return `${key}.${size}.webp`;
}

/** Makes and stores every derivative of `image` (never wider than the original). */
export async function storeDerivatives(store: Pick<BlobStore, "put">, key: string, image: Buffer): Promise<void> {
  await Promise.all(
    DERIVATIVES.map(async (size) => {
      const bytes = await limitedSharp(image)
        .rotate()
        .resize({ width: DERIVATIVE_WIDTHS[size], withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      await store.put(derivativeKey(key, size), bytes, "image/webp");
    }),
  );
}

export async function deleteDerivatives(store: Pick<BlobStore, "delete">, key: string): Promise<void> {
  await Promise.all(DERIVATIVES.map((size) => store.delete(derivativeKey(key, size))));
}

/**
 * Links to the copies of the image at `key`, for a page to show instead of the original;
 * null for anything but an image, and for an image whose copies are not made yet
 * (`resized` false: stored before copies existed), which the page then shows as is.
 */
export async function derivativeUrls(
  store: Pick<BlobStore, "url">,
  key: string | null,
  { contentType = "image/*", resized = true }: { contentType?: string | null; resized?: boolean } = {},
): Promise<{ thumbUrl: string; displayUrl: string } | null> {
  if (!key || !resized || !contentType?.startsWith("image/")) return null;
  const [thumbUrl, displayUrl] = await Promise.all([store.url(derivativeKey(key, "thumb")), store.url(derivativeKey(key, "display"))]);
  return { thumbUrl, displayUrl };
}
