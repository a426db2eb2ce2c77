/**
 * The local inpaint provider. The mask is white where the image changes (values ≥ 128
 * after scaling it to the image, any size accepted). `remove` fills the masked area from
 * its surroundings (fill-holes.ts); `replace` fills it the same way and then restyles the
 * fill with the style's grade and palette (or a default look for the room type), blended
 * by `intensity`. Every pixel outside the mask is the source's, bit for bit: the result is
 * composited onto the decoded source and written as PNG, which is lossless.
 */
import "server-only";
import { sharp } from "@/server/images/sharp";
import { ProviderError, type ImageFile, type InpaintParams, type InpaintProvider, type ProviderResult } from "../types";
import { fillHoles } from "./fill-holes";
import { localStatusUrl } from "./status-url";
import { gradeImage } from "./style-grade";
import { styleGrade } from "./styles";
import { mapToBytes } from "@/server/images/typed-map";

/** A plausible look per room when `replace` gets no style; documented, not learned. */
const ROOM_DEFAULT_STYLE: Readonly<Record<string, string>> = {
  living_room: "contemporary",
  bedroom: "scandinavian",
  kitchen: "modern",
  dining_room: "traditional",
  bathroom: "minimalist",
  home_office: "industrial",
  kids_room: "bohemian",
  entryway: "farmhouse",
  basement: "industrial",
  patio: "coastal",
};
const REPLACE_PALETTE_MIX = 0.5;

async function decodeSource(bytes: Buffer) {
  try {
    const { data, info } = await sharp(bytes).rotate().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (cause) {
    throw new ProviderError("The image could not be decoded.", { transient: false, cause });
  }
}

async function decodeMask(bytes: Buffer, width: number, height: number): Promise<Uint8Array> {
  try {
    const data = await sharp(bytes)
      .rotate()
      .flatten({ background: "#000000" })
      .resize(width, height, { fit: "fill" })
      .toColourspace("b-w")
      .raw()
      .toBuffer();
    return mapToBytes(data, (v) => (v >= 128 ? 255 : 0));
  } catch (cause) {
    throw new ProviderError("The mask could not be decoded.", { transient: false, cause });
  }
}

export const localInpaintProvider: InpaintProvider = {
  name: "local",
  async inpaint(image: ImageFile, mask: ImageFile, params: InpaintParams, signal?: AbortSignal): Promise<ProviderResult> {
    signal?.throwIfAborted();
    const source = await decodeSource(image.bytes);
    const hole = await decodeMask(mask.bytes, source.width, source.height);
    if (!hole.some((v) => v)) throw new ProviderError("The mask marks no area to change.", { transient: false });

    const rgb = Buffer.alloc(source.width * source.height * 3);
    for (let p = 0, s = 0; p < rgb.length; p += 3, s += source.channels) source.data.copy(rgb, p, s, s + 3);
    let filled = await fillHoles({ width: source.width, height: source.height, data: rgb }, hole);
    if (params.inpaintingType === "replace") {
      const style = params.style ?? ROOM_DEFAULT_STYLE[params.roomType ?? ""] ?? null;
      filled = gradeImage(filled, styleGrade(style), { intensity: params.intensity, paletteMix: REPLACE_PALETTE_MIX });
    }
    signal?.throwIfAborted();

    const out = Buffer.from(source.data);
    for (let p = 0; p < hole.length; p++) {
      if (hole[p]) filled.data.copy(out, p * source.channels, p * 3, p * 3 + 3);
    }
    const bytes = await sharp(out, { raw: { width: source.width, height: source.height, channels: source.channels } })
      .png()
      .toBuffer();
    return { provider: "local", statusUrl: localStatusUrl("inpaint"), outputs: [{ bytes, contentType: "image/png" }] };
  },
};
