import "server-only";
import { decodeRgb, type RgbImage } from "@/server/images/raw-image";
import { ProviderError } from "../types";

/** Decodes an input image upright, failing permanently (no retry helps) when it cannot be read. */
export async function decodeInput(bytes: Buffer, what = "image"): Promise<RgbImage> {
  try {
    return await decodeRgb(bytes);
  } catch (cause) {
    throw new ProviderError(`The ${what} could not be decoded.`, { transient: false, cause });
  }
}
