/**
 * Listing copy from an OpenAI-compatible chat completions endpoint with vision. The
 * model sees the pictures (as data URLs, so it never reaches our storage), the property
 * data and the pixel analysis the service computed; tone, length and language go in the
 * system prompt.
 */
import { ProviderError, type DescribeParams, type DescribeProvider } from "@/server/providers/types";
import { CallContext, toDataUrl } from "@/server/providers/replicate/http";

export interface OpenAiConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

const LENGTH_WORDS = { short: "about 60 words", medium: "about 150 words", long: "about 300 words" } as const;

interface ChatCompletion {
  id?: string;
  choices?: { message?: { content?: unknown; refusal?: unknown } }[];
}

export function openAiDescribeProvider(config: OpenAiConfig): DescribeProvider {
  const endpoint = `${config.baseUrl.replace(/\/$/, "")}/chat/completions`;
  return {
    name: "openai",
    async describe(params, signal) {
      const ctx = new CallContext("The description model", config.timeoutMs, config.apiKey, signal);
      const response = await ctx.send(endpoint, {
        method: "POST",
        headers: { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ model: config.model, messages: describeMessages(params) }),
      });
      const completion = await ctx.json<ChatCompletion>(response);
      const message = completion.choices?.[0]?.message;
      const content = message?.content;
      // A refusal (content null, `refusal` set) would be refused again: permanent, never retried.
      if (typeof message?.refusal === "string" && message.refusal) {
        throw new ProviderError(`The description model refused: ${ctx.scrub(message.refusal)}`, { transient: false });
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

export function describeMessages(params: DescribeParams) {
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
      content: [
        { type: "text", text: facts },
        ...params.images.map((image) => ({ type: "image_url", image_url: { url: toDataUrl(image) } })),
      ],
    },
  ];
}
