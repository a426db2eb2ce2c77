import "server-only";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import { inpaintOperation } from "@/shared/vocabulary";
import { readImageUrl } from "@/server/net/read-image";
import type { VerbContext } from "@/server/context";
import type { InpaintRequestSchema } from "../../schemas/media";
import { callProvider } from "../providers/call-provider";
import { disclosureFields } from "../providers/disclosure-fields";
import { chargedImageWork, type ImageWorkInput } from "./charged-image-work";
import { storeOutputs } from "./store-outputs";

/** POST /inpaint (D8): synchronous; the mask is white where the image changes. */
export async function inpaint(ctx: VerbContext, input: ImageWorkInput<typeof InpaintRequestSchema>) {
  const { request } = input;
  return chargedImageWork(ctx, {
    ...input,
    kind: "inpaint",
    cost: CREDIT_COSTS.inpaint,
    read: () => Promise.all([readImageUrl(ctx.storage, request.submitted_url), readImageUrl(ctx.storage, request.mask_url)]),
    run: async ([image, mask]) => {
      const provider = ctx.providers.inpaint;
      const done = await callProvider((signal) =>
        provider.inpaint(
          image,
          mask,
          {
            inpaintingType: request.inpainting_type,
            renderType: request.render_type,
            style: request.style ?? null,
            roomType: request.room_type ?? null,
            intensity: request.intensity,
          },
          signal,
        ),
      );
      const operation = inpaintOperation(request.inpainting_type);
      const stored = await storeOutputs(ctx.storage, done, done.outputs, "inpaint", { operation, source: image.bytes, now: ctx.now() });
      return {
        outputKeys: stored.keys,
        result: {
          provider: done.provider,
          output_urls: stored.urls,
          provider_status_url: done.statusUrl,
          metadata: { render_type: request.render_type, inpainting_type: request.inpainting_type, brush_type: "mask" },
          ...disclosureFields(operation, done.provider),
        },
      };
    },
  });
}
