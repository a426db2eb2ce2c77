import "server-only";
import crypto from "node:crypto";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import { analyzeImage } from "@/server/images/analyze";
import type { VerbContext } from "@/server/context";
import type { PropertyDescriptionRequestSchema } from "../../schemas/property-description";
import { chargedImageWork, type ImageWorkInput } from "./charged-image-work";
import { decodeImages } from "./decode-images";
import { ProviderError } from "@/server/providers/types";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import type { DescribeProvider } from "@/server/providers/types";

/**
 * POST /tools/property-description (D8): the images are analysed from their pixels
 * (image_analysis), then the describe provider writes the copy from that analysis and
 * the property data.
 */
export async function describeProperty(ctx: VerbContext, input: ImageWorkInput<typeof PropertyDescriptionRequestSchema>) {
  const { account, request } = input;
  assertWritableLanguage(ctx.providers.describe, request.generation_settings.language);
  const { images: _bytes, ...kept } = request;
  return chargedImageWork(ctx, {
    account,
    kind: "property_description",
    cost: CREDIT_COSTS.propertyDescription,
    // decodeImages gives one image per entry or refuses the request.
    request: { ...kept, image_count: request.images.length },
    read: () => decodeImages(request.images),
    run: async (images) => {
      const analysis = await Promise.all(images.map((image, index) => analyzeImage(image.bytes, index)));
      const provider = ctx.providers.describe;
      const written = await withTimeout((signal) =>
        provider.describe({ images, analysis, propertyData: request.property_data, settings: request.generation_settings }, signal),
      );
      if (typeof written?.description !== "string" || written.description.trim() === "") {
        throw new ProviderError("The provider returned an empty description.", { transient: true });
      }
      return {
        result: {
          description: written.description.trim(),
          image_analysis: analysis,
          listing_id: crypto.randomUUID(),
          provider: written.provider,
        },
      };
    },
  });
}

/**
 * A language the configured writer cannot write is refused before anything is charged,
 * rather than answered in another language (the local writer writes English only).
 */
function assertWritableLanguage(provider: DescribeProvider, tag: string): void {
  const accepted = provider.languages;
  const primary = tag.trim().split("-")[0].toLowerCase();
  if (!accepted || accepted.includes(primary)) return;
  throw new AppError(
    "invalid_request",
    `This deployment's description writer (${provider.name}) writes ${accepted.join(", ")} only; it cannot write "${tag}".`,
    {
      details: [
        {
          field: "generation_settings.language",
          message: `The ${provider.name} writer writes ${accepted.join(", ")} only. Other languages need a deployment that writes with a language model.`,
          accepted: [...accepted],
        },
      ],
    },
  );
}

async function withTimeout<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(env.V1_PROVIDER_TIMEOUT_MS);
  return Promise.race([
    run(signal),
    new Promise<never>((_, reject) =>
      signal.addEventListener("abort", () =>
        reject(new ProviderError("The provider did not answer in time.", { transient: true, timeout: true })),
      ),
    ),
  ]);
}
