import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { imageParts, startOpenAiDouble, type ChatRequest, type OpenAiDouble } from "@/test/doubles/openai";
import { ProviderError, type DescribeParams } from "@/server/providers/types";
import { MAX_REQUEST_IMAGE_BYTES, openAiDescribeProvider, type OpenAiConfig } from "./describe";
import { rejectionOf } from "@/test/rejection";

let double: OpenAiDouble;
let config: OpenAiConfig;
let params: DescribeParams;

beforeAll(async () => {
  double = await startOpenAiDouble();
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#d04030" } })
    .png()
    .toBuffer();
  params = {
    images: [
      { bytes: photo, contentType: "image/png" },
      { bytes: photo, contentType: "image/png" },
    ],
    analysis: [0, 1].map((index) => ({
      index,
      width: 64,
      height: 48,
      orientation: "landscape" as const,
      brightness: 0.4,
      dominant_colors: ["#d04030"],
      room_type: "kitchen",
      features: ["warm tones"],
    })),
    propertyData: { property_type: "apartment", address: "12 Rue des Lilas, Lyon", price: 420000 },
    settings: { tone: "luxury", length: "short", language: "fr" },
  };
});
afterAll(() => double.close());
beforeEach(() => {
  config = { baseUrl: double.baseUrl, apiKey: double.apiKey, model: "gpt-4o-mini", timeoutMs: 5_000 };
  double.requests.length = 0;
  double.delayMs = 0;
  double.reply((request) => `Un appartement vu sur ${imageParts(request).length} photos.`);
});

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ProviderError);

describe("OpenAI-compatible describe", () => {
  it("sends the data, the analysis and every image, and returns the model's text", async () => {
    const result = await openAiDescribeProvider(config).describe(params);
    expect(result).toMatchObject({ provider: "openai", description: "Un appartement vu sur 2 photos." });
    expect(result.statusUrl).toMatch(/^openai:\/\/chat\.completions\/chatcmpl-/);

    const body = double.requests[0].body as ChatRequest;
    expect(body.model).toBe("gpt-4o-mini");
    const system = body.messages.find((m) => m.role === "system")!.content as string;
    expect(system).toContain('"fr"');
    expect(system).toContain("luxury tone");
    expect(system).toContain("about 60 words");
    const parts = imageParts(body);
    expect(parts.map((p) => p.image_url!.url)).toEqual(params.images.map((i) => `data:image/png;base64,${i.bytes.toString("base64")}`));
    const text = JSON.stringify(body.messages);
    expect(text).toContain("12 Rue des Lilas, Lyon");
    expect(text).toContain("#d04030");
    expect(text).toContain("kitchen");
  });

  it("keeps a request of large photos within the API's 50 MB of images: each at most 2048 px, smaller until they fit", async () => {
    // About 9 MB each (noise compresses badly): six of them are over 50 MB as sent.
    const big = await sharp({
      create: { width: 3000, height: 2400, channels: 3, background: "#777", noise: { type: "gaussian", mean: 128, sigma: 60 } },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const images = Array.from({ length: 6 }, () => ({ bytes: big, contentType: "image/jpeg" }));
    expect(images.length * big.length * (4 / 3)).toBeGreaterThan(MAX_REQUEST_IMAGE_BYTES);
    // Tens of MB to send and parse: a deadline for a busy machine, not for the double.
    const result = await openAiDescribeProvider({ ...config, timeoutMs: 50_000 }).describe({ ...params, images, analysis: [] });
    expect(result.description).toBe("Un appartement vu sur 6 photos.");
    const urls = imageParts(double.requests[0].body as ChatRequest).map((p) => p.image_url!.url);
    expect(urls.reduce((sum, url) => sum + url.length, 0)).toBeLessThanOrEqual(MAX_REQUEST_IMAGE_BYTES);
    const first = await sharp(Buffer.from(urls[0].split(",")[1], "base64")).metadata();
    expect(Math.max(first.width!, first.height!)).toBeLessThanOrEqual(2048);
    expect(first.width! / first.height!).toBeCloseTo(3000 / 2400, 2);
  });

  it("waits out a 429 and then answers", async () => {
    double.failNext({ status: 429, count: 1, retryAfterSeconds: 0 });
    const result = await openAiDescribeProvider(config).describe(params);
    expect(result.description).toContain("2 photos");
    expect(double.requests).toHaveLength(2);
  });

  it("classifies 5xx as transient and 4xx as permanent, never echoing the key", async () => {
    double.failNext({ status: 500, count: 1 });
    expect((await failure(openAiDescribeProvider(config).describe(params))).transient).toBe(true);

    const error = await failure(openAiDescribeProvider({ ...config, apiKey: "sk-not-the-key" }).describe(params));
    expect(error.transient).toBe(false);
    expect(error.message).toContain("Incorrect API key");
    expect(error.message).not.toContain("sk-not-the-key");
  });

  it("times out a slow answer", async () => {
    double.delayMs = 1_000;
    const error = await failure(openAiDescribeProvider({ ...config, timeoutMs: 200 }).describe(params));
    expect(error.timeout).toBe(true);
  });

  it("treats a refusal as permanent, asking once", async () => {
    double.reply(() => ({ refusal: "I can't help with that request." }));
    const before = double.requests.length;
    const error = await failure(openAiDescribeProvider(config).describe(params));
    expect([error.transient, error.message]).toEqual([false, "The description model refused: I can't help with that request."]);
    expect(double.requests.length - before).toBe(1);
  });

  it("refuses a description cut off at the model's output limit, asking once and never returning the partial text", async () => {
    double.reply(() => ({ content: "Un appartement lumineux au cœur de Lyon, avec une cuisine", finishReason: "length" }));
    const before = double.requests.length;
    const error = await failure(openAiDescribeProvider(config).describe(params));
    expect([error.transient, error.message]).toEqual([
      false,
      "The description model stopped at its output limit before finishing the description.",
    ]);
    expect(error.message).not.toContain("cuisine");
    expect(double.requests.length - before).toBe(1);
  });

  it("refuses an empty completion", async () => {
    double.reply(() => "  ");
    expect((await failure(openAiDescribeProvider(config).describe(params))).message).toContain("without text");
  });
});
