import "server-only";
import { checkImageSize, limitedSharp } from "@/server/net/image-limits";

/** The long side the studio sends for copy: enough for a vision model, far below the 10 MB per image limit. */
export const DESCRIPTION_MAX_SIDE = 2048;

/**
 * A photo as the property-description route takes it: a JPEG data URL no larger than
 * 2048 px on its long side (EXIF orientation applied), so a 20-photo request stays small.
 * The shared image limits apply before anything is decoded.
 */
export async function downsizeForDescription(bytes: Buffer): Promise<string> {
  await checkImageSize(bytes, {}, "A photo");
  const jpeg = await limitedSharp(bytes)
    .rotate()
    .resize({ width: DESCRIPTION_MAX_SIDE, height: DESCRIPTION_MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}
