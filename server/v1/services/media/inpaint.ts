import "server-only";
import { z } from "zod";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import { readImageUrl } from "@/server/net/read-image";
import type { ServiceContext } from "../../context";
import type { InpaintRequestSchema } from "../../schemas/media";
import type { AuthenticatedAccount } from "../keys/authenticate-key";
import { callProvider } from "../providers/call-provider";
import { disclosureFields } from "../providers/disclosure-fields";
import { chargedImageWork } from "./charged-image-work";
import { storeOutputs } from "./store-outputs";

export const INPAINT_COST = CREDIT_COSTS.inpaint;

/** POST /inpaint (D8): synchronous; the mask is white where the image changes. */
export async function inpaint(ctx: ServiceContext, input: { account: AuthenticatedAccount; request: z.infer<typeof InpaintRequestSchema> }) {
  const { account, request } = input;
  return chargedImageWork(
    ctx,
    { account, cost: INPAINT_COST },
    () => Promise.all([readImageUrl(ctx.storage, request.submitted_url), readImageUrl(ctx.storage, request.mask_url)]),
    ([image, mask]) => ({
      kind: "inpaint",
      request,
      run: async () => {
        const provider = ctx.providers.inpaint;
        const done = await callProvider((signal) =>
          provider.inpaint(image, mask, {
            inpaintingType: request.inpainting_type,
            renderType: request.render_type,
            style: request.style ?? null,
            roomType: request.room_type ?? null,
            intensity: request.intensity,
          }, signal),
        );
        const stored = await storeOutputs(ctx.storage, done, done.outputs, "inpaint", { operation: `inpaint_${request.inpainting_type}`, source: image.bytes, now: ctx.now() });
        return {
          outputKeys: stored.keys,
          result: {
            provider: done.provider,
            output_urls: stored.urls,
            provider_status_url: done.statusUrl,
            metadata: { render_type: request.render_type, inpainting_type: request.inpainting_type, brush_type: "mask" },
            ...disclosureFields(`inpaint_${request.inpainting_type}`, done.provider),
          },
        };
      },
    }),
  );
}
