import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/env";
import { startOpenAiDouble, type OpenAiDouble } from "@/test/doubles/openai";
import { startReplicateDouble, type ReplicateDouble } from "@/test/doubles/replicate";
import { buildProviders, getProviders, ProviderSettingError, setProvidersForTesting } from "./index";
import type { DescribeParams, ImageFile, UpscaleProvider } from "./types";

let replicate: ReplicateDouble;
let openai: OpenAiDouble;
let image: ImageFile;
const describeParams = (): DescribeParams => ({
  images: [image],
  analysis: [],
  propertyData: { property_type: "house" },
  settings: { tone: "warm", length: "short", language: "en" },
});

beforeAll(async () => {
  [replicate, openai] = await Promise.all([startReplicateDouble(), startOpenAiDouble()]);
  image = {
    bytes: await sharp({ create: { width: 40, height: 30, channels: 3, background: "#8899aa" } })
      .png()
      .toBuffer(),
    contentType: "image/png",
  };
});
afterAll(() => Promise.all([replicate.close(), openai.close()]));
afterEach(() => setProvidersForTesting(null));

async function settingError(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderSettingError);
  expect((error as ProviderSettingError).transient).toBe(false);
  return (error as Error).message;
}

describe("provider registry", () => {
  it("picks the local providers by default", () => {
    const providers = buildProviders(parseEnv({}));
    expect(Object.values(providers).map((p) => p.name)).toEqual(["local", "local", "local", "local", "local"]);
  });

  it("routes an operation set to replicate to the Replicate API with its model", async () => {
    const providers = buildProviders(
      parseEnv({
        PROVIDER_UPSCALE: "replicate",
        REPLICATE_API_TOKEN: replicate.token,
        REPLICATE_BASE_URL: replicate.baseUrl,
      }),
    );
    expect(providers.upscale.name).toBe("replicate");
    expect(providers.describe.name).toBe("local");
    replicate.script({ polls: 1 });
    const result = await providers.upscale.upscale(image, { maxLongSide: 8192 });
    expect(result).toMatchObject({ provider: "replicate", model: "topazlabs/image-upscale" });
    expect(replicate.requests.some((r) => r.path === "/v1/models/topazlabs/image-upscale/predictions")).toBe(true);
  });

  it("follows the keys present when no PROVIDER_* is set: a Replicate token alone switches every image operation", () => {
    const pick = (settings: Record<string, string>) => {
      const env = parseEnv(settings);
      return [env.PROVIDER_REDESIGN, env.PROVIDER_INPAINT, env.PROVIDER_UPSCALE, env.PROVIDER_VIDEO, env.PROVIDER_DESCRIBE];
    };
    expect(pick({})).toEqual(["local", "local", "local", "local", "local"]);
    expect(pick({ REPLICATE_API_TOKEN: "r8_x" })).toEqual(["replicate", "replicate", "replicate", "replicate", "local"]);
    expect(
      pick({
        REPLICATE_API_TOKEN: "r8_x",
        OPENAI_API_KEY: "sk-x",
        KLING_API_KEY: "a:b",
        KLING_BASE_URL: "https://api-singapore.klingai.com",
      }),
    ).toEqual(["replicate", "replicate", "replicate", "kling", "openai"]);
    expect(pick({ REPLICATE_API_TOKEN: "r8_x", PROVIDER_UPSCALE: "local" })[2]).toBe("local");
  });

  it("defaults each Replicate operation to a current official model and runs a community model only by version", () => {
    const settings = parseEnv({});
    expect([
      settings.REPLICATE_MODEL_REDESIGN,
      settings.REPLICATE_MODEL_MULTIVIEW,
      settings.REPLICATE_MODEL_INPAINT,
      settings.REPLICATE_MODEL_UPSCALE,
      settings.REPLICATE_MODEL_VIDEO,
    ]).toEqual([
      "black-forest-labs/flux-kontext-pro",
      "google/nano-banana",
      "black-forest-labs/flux-fill-pro",
      "topazlabs/image-upscale",
      "kwaivgi/kling-v2.1",
    ]);
    expect(() => parseEnv({ REPLICATE_MODEL_UPSCALE: "nightmareai/real-esrgan" })).toThrow(
      /REPLICATE_MODEL_UPSCALE: nightmareai\/real-esrgan is not an official Replicate model.*owner\/name:version/,
    );
    expect(() => parseEnv({ REPLICATE_MODEL_REDESIGN: "not a model" })).toThrow(/REPLICATE_MODEL_REDESIGN/);
    const pinned = "nightmareai/real-esrgan:f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa";
    expect(parseEnv({ REPLICATE_MODEL_UPSCALE: pinned }).REPLICATE_MODEL_UPSCALE).toBe(pinned);
  });

  it("routes describe set to openai to the chat completions endpoint", async () => {
    const providers = buildProviders(
      parseEnv({ PROVIDER_DESCRIBE: "openai", OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.baseUrl, OPENAI_MODEL: "vision-x" }),
    );
    const result = await providers.describe.describe(describeParams());
    expect(result.provider).toBe("openai");
    expect((openai.requests.at(-1)!.body as { model: string }).model).toBe("vision-x");
  });

  it("names the missing setting at first use, not at startup", async () => {
    const noToken = buildProviders(parseEnv({ PROVIDER_REDESIGN: "replicate" }));
    expect(noToken.redesign.name).toBe("replicate");
    const params = {
      type: "staging" as const,
      roomType: "kitchen",
      style: null,
      color: null,
      intensity: 0.5,
      environment: "interior" as const,
      maskPrompt: null,
      inspiration: null,
      styleReference: null,
      variant: 0,
    };
    expect(await settingError(noToken.redesign.redesign(image, params))).toContain("REPLICATE_API_TOKEN");

    const noInpaintToken = buildProviders(parseEnv({ PROVIDER_INPAINT: "replicate" }));
    const inpaint = noInpaintToken.inpaint.inpaint(image, image, {
      inpaintingType: "remove",
      renderType: "interior",
      style: null,
      roomType: null,
      intensity: 0.5,
    });
    expect(await settingError(inpaint)).toContain("PROVIDER_INPAINT=replicate needs REPLICATE_API_TOKEN");

    const noKey = buildProviders(parseEnv({ PROVIDER_DESCRIBE: "openai" }));
    expect(await settingError(noKey.describe.describe(describeParams()))).toContain("OPENAI_API_KEY");

    const noKling = buildProviders(parseEnv({ PROVIDER_VIDEO: "kling", KLING_API_KEY: "k" }));
    const video = noKling.video.video({ mode: "pan", image: image.bytes, tail: null, durationSeconds: 5 });
    expect(await settingError(video)).toContain("KLING_BASE_URL");
  });

  it("refuses a provider that cannot do the operation", async () => {
    const providers = buildProviders(parseEnv({ PROVIDER_DESCRIBE: "replicate" }));
    expect(await settingError(providers.describe.describe(describeParams()))).toContain("PROVIDER_DESCRIBE=replicate");
  });

  it("lets tests swap in a provider and restore the configured ones", async () => {
    const failing: UpscaleProvider = {
      name: "failing",
      upscale: async () => {
        throw new Error("boom");
      },
    };
    setProvidersForTesting({ upscale: failing });
    expect(getProviders().upscale).toBe(failing);
    expect(getProviders().redesign.name).toBe("local");
    setProvidersForTesting(null);
    expect(getProviders().upscale.name).toBe("local");
  });
});
