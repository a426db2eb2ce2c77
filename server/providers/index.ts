/**
 * The provider registry: one provider per operation, picked by PROVIDER_* settings.
 * Hosted providers are built at their first call, so a deployment that misconfigures
 * one operation still serves the others; the first call then fails permanently with an
 * error naming the missing setting.
 */
import "server-only";
import { env, type Env } from "@/env";
import { parseFaultSetting, withFaults } from "./fault-injecting";
import { klingVideoProvider } from "./kling/video";
import { localDescribeProvider } from "./local/describe";
import { localInpaintProvider } from "./local/inpaint";
import { localRedesignProvider } from "./local/redesign";
import { localUpscaleProvider } from "./local/upscale";
import { localVideoProvider } from "./local/video";
import { openAiDescribeProvider } from "./openai/describe";
import { replicateInpaintProvider } from "./replicate/inpaint";
import type { ReplicateConfig } from "./replicate/predictions";
import { replicateRedesignProvider } from "./replicate/redesign";
import { replicateUpscaleProvider } from "./replicate/upscale";
import { replicateVideoProvider } from "./replicate/video";
import { getBlobStore } from "@/server/storage";
import { storageInputHost } from "./hosted/input-host";
import { databaseTaskLedger } from "./task-ledger";
import { ProviderError, type Providers } from "./types";

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

  const redesign = memo(() => {
    if (settings.PROVIDER_REDESIGN === "local") return localRedesignProvider;
    if (settings.PROVIDER_REDESIGN !== "replicate") return unsupported("PROVIDER_REDESIGN");
    const { config, model } = replicate("PROVIDER_REDESIGN", "REPLICATE_MODEL_REDESIGN");
    return replicateRedesignProvider(config, { single: model, multi: need("REPLICATE_MODEL_MULTIVIEW", "PROVIDER_REDESIGN") });
  });
  const inpaint = memo(() => {
    if (settings.PROVIDER_INPAINT === "local") return localInpaintProvider;
    if (settings.PROVIDER_INPAINT !== "replicate") return unsupported("PROVIDER_INPAINT");
    const { config, model } = replicate("PROVIDER_INPAINT", "REPLICATE_MODEL_INPAINT");
    return replicateInpaintProvider(config, model);
  });
  const upscale = memo(() => {
    if (settings.PROVIDER_UPSCALE === "local") return localUpscaleProvider;
    if (settings.PROVIDER_UPSCALE !== "replicate") return unsupported("PROVIDER_UPSCALE");
    const { config, model } = replicate("PROVIDER_UPSCALE", "REPLICATE_MODEL_UPSCALE");
    return replicateUpscaleProvider(config, model);
  });
  const video = memo(() => {
    switch (settings.PROVIDER_VIDEO) {
      case "local":
        return localVideoProvider;
      case "replicate": {
        const { config, model } = replicate("PROVIDER_VIDEO", "REPLICATE_MODEL_VIDEO");
        return replicateVideoProvider(config, model);
      }
      case "kling":
        return klingVideoProvider({
          baseUrl: need("KLING_BASE_URL", "PROVIDER_VIDEO"),
          apiKey: need("KLING_API_KEY", "PROVIDER_VIDEO"),
          model: settings.KLING_MODEL,
          timeoutMs: settings.V1_VIDEO_PROVIDER_TIMEOUT_MS,
          ledger: databaseTaskLedger,
        });
      default:
        return unsupported("PROVIDER_VIDEO");
    }
  });
  const describe = memo(() => {
    if (settings.PROVIDER_DESCRIBE === "local") return localDescribeProvider;
    if (settings.PROVIDER_DESCRIBE !== "openai") return unsupported("PROVIDER_DESCRIBE");
    return openAiDescribeProvider({
      baseUrl: settings.OPENAI_BASE_URL,
      apiKey: need("OPENAI_API_KEY", "PROVIDER_DESCRIBE"),
      model: settings.OPENAI_MODEL,
      timeoutMs: settings.V1_PROVIDER_TIMEOUT_MS,
    });
  });

  return {
    redesign: { name: settings.PROVIDER_REDESIGN, redesign: async (...args) => redesign().redesign(...args) },
    inpaint: { name: settings.PROVIDER_INPAINT, inpaint: async (...args) => inpaint().inpaint(...args) },
    upscale: { name: settings.PROVIDER_UPSCALE, upscale: async (...args) => upscale().upscale(...args) },
    video: { name: settings.PROVIDER_VIDEO, video: async (...args) => video().video(...args) },
    describe: {
      name: settings.PROVIDER_DESCRIBE,
      languages: settings.PROVIDER_DESCRIBE === "local" ? localDescribeProvider.languages : undefined,
      describe: async (...args) => describe().describe(...args),
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

/** Builds once on success; a failed build throws again at the next call, naming the setting again. */
function memo<T>(build: () => T): () => T {
  let built: { value: T } | null = null;
  return () => (built ??= { value: build() }).value;
}
