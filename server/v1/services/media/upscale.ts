import "server-only";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import { readImageUrl } from "@/server/net/read-image";
import type { VerbContext } from "@/server/context";
import type { UpscaleRequestSchema } from "../../schemas/media";
import { callProvider } from "../providers/call-provider";
import { disclosureFields } from "../providers/disclosure-fields";
import { chargedImageWork, type ImageWorkInput } from "./charged-image-work";
import { storeOutputs } from "./store-outputs";

export const UPSCALE_MAX_LONG_SIDE = 8192;

/**
 * POST /upscale (D8): twice the width and height, capped at 8192 px on the long side.
 * An output URL of our own (e.g. a finished inpaint) is read from storage directly.
 */
export async function upscale(ctx: VerbContext, input: ImageWorkInput<typeof UpscaleRequestSchema>) {
  const { request } = input;
  return chargedImageWork(ctx, {
    ...input,
    read: () => readImageUrl(ctx.storage, request.image_url),
    kind: "upscale",
    cost: CREDIT_COSTS.upscale,
    run: async (image) => {
      const provider = ctx.providers.upscale;
      const done = await callProvider((signal) => provider.upscale(image, { maxLongSide: UPSCALE_MAX_LONG_SIDE }, signal));
      const stored = await storeOutputs(ctx.storage, done, done.outputs, "upscale", {
        operation: "upscale",
        source: image.bytes,
        now: ctx.now(),
      });
      return {
        outputKeys: stored.keys,
        result: {
          provider: done.provider,
          input_url: request.image_url,
          output_urls: stored.urls,
          provider_output_urls: done.providerOutputUrls ?? stored.urls,
          provider_status_url: done.statusUrl,
          ...disclosureFields("upscale", done.provider),
        },
      };
    },
  });
}
