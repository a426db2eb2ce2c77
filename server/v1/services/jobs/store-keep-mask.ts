import "server-only";
import { AppError } from "@/server/errors";
import { KEPT_AREAS, summariseMask } from "@/server/images/kept-areas";
import { readImageUrl } from "@/server/net/read-image";
import type { BlobStore } from "@/server/storage";
import { storeFile } from "../media/store-outputs";

/**
 * Fetches a keep mask (D17) through the same guarded reader as photos, checks it against
 * its photo and keeps a copy beside it. A mask must be a PNG with the photo's aspect
 * ratio (±1 %: it is scaled to the photo), white where the photo is kept, and keep
 * something without keeping everything; anything else is 400 `invalid_keep_mask`, with
 * `details` naming the field as validation errors do. A mask that cannot be fetched is
 * refused as a photo would be (`source_fetch_failed`, `payload_too_large`).
 */
export async function storeKeepMask(
  storage: BlobStore,
  input: { url: string; field: string; photo: { width: number; height: number } },
): Promise<string> {
  const refuse = (message: string) =>
    new AppError("invalid_keep_mask", `${input.field}: ${message}`, { details: [{ field: input.field, message }] });
  const image = await readImageUrl(storage, input.url).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "unsupported_media" ? refuse("is not a PNG image") : error;
  });
  if (image.contentType !== "image/png") throw refuse(`is a ${image.contentType.slice(6).toUpperCase()}, not a PNG`);
  const [mask, photo] = [image.width / image.height, input.photo.width / input.photo.height];
  if (Math.abs(mask / photo - 1) > KEPT_AREAS.aspectTolerance) {
    throw refuse(
      `is ${image.width}×${image.height}, whose aspect ratio differs from the photo's (${input.photo.width}×${input.photo.height}) by more than ${KEPT_AREAS.aspectTolerance * 100} %`,
    );
  }
  const { keptShare } = await summariseMask(image.bytes);
  if (keptShare === 0) throw refuse("is all black: it keeps nothing (white marks what to keep)");
  if (keptShare === 1) throw refuse("is all white: it keeps the whole photo, so nothing could be changed");
  return storeFile(storage, image, "keep-mask");
}
