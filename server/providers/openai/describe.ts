/**
 * Listing copy from an OpenAI-compatible chat completions endpoint with vision. The
 * model sees the pictures (as data URLs, so it never reaches our storage), the property
 * data and the pixel analysis the service computed; tone, length and language go in the
 * system prompt.
 *
 * The API takes at most 20 MB per image and 50 MB of images per request, and the model
 * looks at no more than 2048 px on the long side, while a request may carry 20 photos of
 * 10 MB: each photo goes as a JPEG of at most 2048 px, smaller still until the request's
 * images fit the 50 MB.
 *
 * A completion cut off at the model's output limit (`finish_reason: "length"`) is refused,
 * never returned: a listing description that stops mid-sentence is worse than none.
 */
import "server-only";
import { sharp } from "@/server/images/sharp";
import { ProviderError, type DescribeParams, type DescribeProvider, type ImageFile } from "@/server/providers/types";
import { CallContext, toDataUrl } from "@/server/providers/replicate/http";

export interface OpenAiConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

/** The API's ceiling on the images of one request, counted as the data URLs sent. */
export const MAX_REQUEST_IMAGE_BYTES = 50 * 1024 * 1024;
/** What the model sees at most (high detail); larger photos only cost bytes. */
const VISION_LONG_SIDE = 2048;

const LENGTH_WORDS = { short: "about 60 words", medium: "about 150 words", long: "about 300 words" } as const;

interface ChatCompletion {
  id?: string;
  choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[];
}

export function openAiDescribeProvider(config: OpenAiConfig): DescribeProvider {
  const endpoint = `${config.baseUrl.replace(/\/$/, "")}/chat/completions`;
  return {
    name: "openai",
    async describe(params, signal) {
      const imageUrls = await visionImages(params.images);
      const ctx = new CallContext("The description model", config.timeoutMs, config.apiKey, signal);
      const response = await ctx.send(endpoint, {
        method: "POST",
        headers: { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ model: config.model, messages: describeMessages(params, imageUrls) }),
      });
      const completion = await ctx.json<ChatCompletion>(response);
      const choice = completion.choices?.[0];
      const message = choice?.message;
      const content = message?.content;
      // A refusal (content null, `refusal` set) would be refused again: permanent, never retried.
      if (typeof message?.refusal === "string" && message.refusal) {
        throw new ProviderError(`The description model refused: ${ctx.scrub(message.refusal)}`, { transient: false });
      }
      // Stopped at its output limit: the text ends mid-sentence and is never shown. The same
      // request meets the same limit again, so it is not retried (nor paid for twice).
      if (choice?.finish_reason === "length") {
        throw new ProviderError("The description model stopped at its output limit before finishing the description.", {
          transient: false,
        });
      }
      if (typeof content !== "string" || !content.trim()) {
        throw new ProviderError("The description model answered without text.", { transient: true });
      }
      return {
        provider: "openai",
        statusUrl: `openai://chat.completions/${completion.id ?? "unknown"}`,
        description: content.trim(),
      };
    },
  };
}

/** The photos as the model will see them, within the request's image budget. */
export async function visionImages(images: ImageFile[]): Promise<string[]> {
  for (let longSide = VISION_LONG_SIDE; ; longSide = Math.floor(longSide / 2)) {
    const urls = await Promise.all(images.map(async (image) => toDataUrl(await fitLongSide(image, longSide))));
    if (urls.reduce((sum, url) => sum + url.length, 0) <= MAX_REQUEST_IMAGE_BYTES || longSide <= 256) return urls;
  }
}

async function fitLongSide(image: ImageFile, longSide: number): Promise<ImageFile> {
  const meta = await sharp(image.bytes).metadata();
  const small = Math.max(meta.width ?? 0, meta.height ?? 0) <= longSide && (meta.orientation ?? 1) === 1;
  if (small && ["jpeg", "png"].includes(meta.format ?? "") && image.bytes.length <= MAX_REQUEST_IMAGE_BYTES / 20) return image;
  const bytes = await sharp(image.bytes)
    .autoOrient()
    .resize(longSide, longSide, { fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { bytes, contentType: "image/jpeg" };
}

function describeMessages(params: DescribeParams, imageUrls: string[]) {
  const { tone, length, language } = params.settings;
  const system = [
    "You write real-estate listing descriptions.",
    `Write in the language with code "${language}", in a ${tone} tone, ${LENGTH_WORDS[length]}.`,
    "Use only facts from the property data, the image analysis and what the photos show; never invent",
    "rooms, sizes, amenities or prices. Answer with the description text only, no headings or markdown.",
  ].join(" ");
  const facts = [
    `Property data: ${JSON.stringify(params.propertyData)}`,
    `Image analysis (one item per photo, computed from the pixels): ${JSON.stringify(params.analysis)}`,
  ].join("\n");
  return [
    { role: "system", content: system },
    {
      role: "user",
      content: [{ type: "text", text: facts }, ...imageUrls.map((url) => ({ type: "image_url", image_url: { url } }))],
    },
  ];
}
