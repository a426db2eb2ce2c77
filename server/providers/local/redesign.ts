/**
 * The local redesign provider: honest classical image processing for every redesign type
 * (see README.md in this folder). Outputs are JPEG q90 at the source's resolution,
 * upright (EXIF orientation applied to the pixels).
 */
import "server-only";
import { encodeJpeg, type RgbImage } from "@/server/images/raw-image";
import { ProviderError, type ImageFile, type ProviderResult, type RedesignParams, type RedesignProvider } from "../types";
import { colorChange } from "./color-change";
import { declutter } from "./declutter";
import { decodeInput } from "./decode";
import { localStatusUrl } from "./status-url";
import { stylePreview } from "./style-preview";

function redesignPixels(source: RgbImage, params: RedesignParams): Promise<RgbImage> {
  switch (params.type) {
    case "color_change":
      if (!params.color) throw new ProviderError("A color is required to change the wall color.", { transient: false });
      return colorChange(source, params.color, params.intensity);
    case "declutter":
      return declutter(source);
    case "staging":
    case "redecorate":
    case "render":
      return stylePreview(source, params, params.type);
  }
}

export const localRedesignProvider: RedesignProvider = {
  name: "local",
  async redesign(source: ImageFile, params: RedesignParams, signal?: AbortSignal): Promise<ProviderResult> {
    signal?.throwIfAborted();
    const image = await decodeInput(source.bytes);
    signal?.throwIfAborted();
    const output = await redesignPixels(image, params);
    signal?.throwIfAborted();
    return {
      provider: "local",
      statusUrl: localStatusUrl("redesign"),
      outputs: [{ bytes: await encodeJpeg(output), contentType: "image/jpeg" }],
    };
  },
};
