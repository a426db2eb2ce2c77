/**
 * The provider registry: one provider per operation, picked by PROVIDER_* settings.
 * Each provider's module is imported at its first call, so a route that only reads
 * names (POST /video) or never calls a provider loads none of them, nor the image
 * libraries behind them. Hosted providers are built at their first call too, so a
 * deployment that misconfigures one operation still serves the others; the first call
 * then fails permanently with an error naming the missing setting.
 */
import "server-only";
import { env, type Env } from "@/env";
import { getBlobStore } from "@/server/storage";
import { parseFaultSetting, withFaults } from "./fault-injecting";
import { storageInputHost } from "./hosted/input-host";
import { LOCAL_DESCRIBE_LANGUAGES } from "./local/describe-languages";
import type { ReplicateConfig } from "./replicate/predictions";
import { databaseTaskLedger } from "./task-ledger";
import {
  ProviderError,
  type DescribeProvider,
  type InpaintProvider,
  type Providers,
  type RedesignProvider,
  type UpscaleProvider,
  type VideoProvider,
} from "./types";

/** A chosen provider cannot run because a setting is missing or names an unsupported provider. */
export class ProviderSettingError extends ProviderError {
  constructor(message: string) {
    super(message, { transient: false });
    this.name = "ProviderSettingError";
  }
}

type Setting = keyof Env;

export function buildProviders(settings: Env): Providers {
  const need = (setting: Setting, forSetting: Setting): string => {
    const value = settings[setting];
    if (typeof value === "string" && value) return value;
    throw new ProviderSettingError(`${forSetting}=${settings[forSetting]} needs ${setting} to be set.`);
  };
  const unsupported = (setting: Setting): never => {
    throw new ProviderSettingError(`${setting}=${settings[setting]} is not a provider for this operation.`);
  };
  const replicate = (forSetting: Setting, modelSetting: Setting) => ({
    config: {
      baseUrl: settings.REPLICATE_BASE_URL,
      token: need("REPLICATE_API_TOKEN", forSetting),
      timeoutMs: modelSetting === "REPLICATE_MODEL_VIDEO" ? settings.V1_VIDEO_PROVIDER_TIMEOUT_MS : settings.V1_PROVIDER_TIMEOUT_MS,
      ledger: databaseTaskLedger,
      // A bucket can serve input copies itself; the local folder cannot be reached from outside.
      inputHost: settings.S3_BUCKET ? storageInputHost(getBlobStore()) : undefined,
    } satisfies ReplicateConfig,
    model: need(modelSetting, forSetting),
  });

  const redesign = lazily(async (): Promise<RedesignProvider> => {
    if (settings.PROVIDER_REDESIGN === "local") return (await import("./local/redesign")).localRedesignProvider;
    if (settings.PROVIDER_REDESIGN !== "replicate") return unsupported("PROVIDER_REDESIGN");
    const { config, model } = replicate("PROVIDER_REDESIGN", "REPLICATE_MODEL_REDESIGN");
    const multi = need("REPLICATE_MODEL_MULTIVIEW", "PROVIDER_REDESIGN");
    return (await import("./replicate/redesign")).replicateRedesignProvider(config, { single: model, multi });
  });
  const inpaint = lazily(async (): Promise<InpaintProvider> => {
    if (settings.PROVIDER_INPAINT === "local") return (await import("./local/inpaint")).localInpaintProvider;
    if (settings.PROVIDER_INPAINT !== "replicate") return unsupported("PROVIDER_INPAINT");
    const { config, model } = replicate("PROVIDER_INPAINT", "REPLICATE_MODEL_INPAINT");
    return (await import("./replicate/inpaint")).replicateInpaintProvider(config, model);
  });
  const upscale = lazily(async (): Promise<UpscaleProvider> => {
    if (settings.PROVIDER_UPSCALE === "local") return (await import("./local/upscale")).localUpscaleProvider;
    if (settings.PROVIDER_UPSCALE !== "replicate") return unsupported("PROVIDER_UPSCALE");
    const { config, model } = replicate("PROVIDER_UPSCALE", "REPLICATE_MODEL_UPSCALE");
    return (await import("./replicate/upscale")).replicateUpscaleProvider(config, model);
  });
  const video = lazily(async (): Promise<VideoProvider> => {
    switch (settings.PROVIDER_VIDEO) {
      case "local":
        return (await import("./local/video")).localVideoProvider;
      case "replicate": {
        const { config, model } = replicate("PROVIDER_VIDEO", "REPLICATE_MODEL_VIDEO");
        return (await import("./replicate/video")).replicateVideoProvider(config, model);
      }
      case "kling": {
        const kling = {
          baseUrl: need("KLING_BASE_URL", "PROVIDER_VIDEO"),
          apiKey: need("KLING_API_KEY", "PROVIDER_VIDEO"),
          model: settings.KLING_MODEL,
          timeoutMs: settings.V1_VIDEO_PROVIDER_TIMEOUT_MS,
          ledger: databaseTaskLedger,
        };
        return (await import("./kling/video")).klingVideoProvider(kling);
      }
      default:
        return unsupported("PROVIDER_VIDEO");
    }
  });
  const describe = lazily(async (): Promise<DescribeProvider> => {
    if (settings.PROVIDER_DESCRIBE === "local") return (await import("./local/describe")).localDescribeProvider;
    if (settings.PROVIDER_DESCRIBE !== "openai") return unsupported("PROVIDER_DESCRIBE");
    const openai = {
      baseUrl: settings.OPENAI_BASE_URL,
      apiKey: need("OPENAI_API_KEY", "PROVIDER_DESCRIBE"),
      model: settings.OPENAI_MODEL,
      timeoutMs: settings.V1_PROVIDER_TIMEOUT_MS,
    };
    return (await import("./openai/describe")).openAiDescribeProvider(openai);
  });

  return {
    redesign: { name: settings.PROVIDER_REDESIGN, redesign: async (...args) => (await redesign()).redesign(...args) },
    inpaint: { name: settings.PROVIDER_INPAINT, inpaint: async (...args) => (await inpaint()).inpaint(...args) },
    upscale: { name: settings.PROVIDER_UPSCALE, upscale: async (...args) => (await upscale()).upscale(...args) },
    video: { name: settings.PROVIDER_VIDEO, video: async (...args) => (await video()).video(...args) },
    describe: {
      name: settings.PROVIDER_DESCRIBE,
      languages: settings.PROVIDER_DESCRIBE === "local" ? LOCAL_DESCRIBE_LANGUAGES : undefined,
      describe: async (...args) => (await describe()).describe(...args),
    },
  };
}

let configured: Providers | null = null;
let overrides: Partial<Providers> | null = null;

export function getProviders(): Providers {
  // ATRIUM_TEST_FAULTS is the reliability suite's hook into a production build; deployments never set it.
  configured ??= env.ATRIUM_TEST_FAULTS ? withFaults(buildProviders(env), parseFaultSetting(env.ATRIUM_TEST_FAULTS)) : buildProviders(env);
  return overrides ? { ...configured, ...overrides } : configured;
}

/** Tests only: replace some operations' providers (e.g. with a failing one); null restores the settings. */
export function setProvidersForTesting(partial: Partial<Providers> | null): void {
  if (env.NODE_ENV !== "test") throw new Error("setProvidersForTesting is for tests only.");
  overrides = partial;
}

/** Builds once on success; a failed build fails again at the next call, naming the setting again. */
function lazily<T>(build: () => Promise<T>): () => Promise<T> {
  let built: Promise<T> | null = null;
  return () =>
    (built ??= build().catch((error: unknown) => {
      built = null;
      throw error;
    }));
}
