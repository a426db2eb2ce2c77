/**
 * Tests only: wraps providers so calls fail, hang or return garbage at set rates, for
 * the reliability suite. Draws come from a seeded generator, so a seed replays the same
 * fault sequence for the same order of calls.
 */
import "server-only";
import crypto from "node:crypto";
import { env } from "@/env";
import { mulberry32 } from "@/shared/seeded-random";
import { ProviderError, type ProviderResult, type Providers } from "./types";

export interface FaultOptions {
  /** Share of calls that throw a ProviderError, half transient and half permanent. */
  failRate: number;
  /** Share of calls that hang until the caller aborts or `hangMs` passes (then a timeout ProviderError). */
  timeoutRate: number;
  /** Share of calls that "succeed" with bytes that are not an image (an empty description for describe). */
  garbageRate: number;
  seed: number;
  /** How long a hanging call waits before timing out; V1_PROVIDER_TIMEOUT_MS by default. */
  hangMs?: number;
}

/** Reads the test-only ATRIUM_TEST_FAULTS setting: "failRate,timeoutRate,garbageRate,seed[,hangMs]". */
export function parseFaultSetting(value: string): FaultOptions {
  const [failRate, timeoutRate, garbageRate, seed, hangMs] = value.split(",").map(Number);
  return { failRate, timeoutRate, garbageRate, seed, ...(hangMs === undefined ? {} : { hangMs }) };
}

type Fault = "fail-transient" | "fail-permanent" | "timeout" | "garbage" | null;

export function withFaults(providers: Providers, options: FaultOptions): Providers {
  if (options.failRate + options.timeoutRate + options.garbageRate > 1) {
    throw new RangeError("failRate + timeoutRate + garbageRate must not exceed 1.");
  }
  const random = mulberry32(options.seed);
  const hangMs = options.hangMs ?? env.V1_PROVIDER_TIMEOUT_MS;

  const draw = (): Fault => {
    const roll = random();
    const kind = random();
    if (roll < options.failRate) return kind < 0.5 ? "fail-transient" : "fail-permanent";
    if (roll < options.failRate + options.timeoutRate) return "timeout";
    if (roll < options.failRate + options.timeoutRate + options.garbageRate) return "garbage";
    return null;
  };

  /** Throws for fail and timeout faults; answers whether the call should return garbage. */
  const inject = async (operation: string, signal?: AbortSignal): Promise<boolean> => {
    const fault = draw();
    if (fault === "fail-transient" || fault === "fail-permanent") {
      const transient = fault === "fail-transient";
      throw new ProviderError(`Injected ${transient ? "transient" : "permanent"} ${operation} failure.`, { transient });
    }
    if (fault === "timeout") await hang(hangMs, signal, operation);
    return fault === "garbage";
  };

  const garbage = (operation: string): ProviderResult => ({
    provider: "faulty",
    statusUrl: `fault://${operation}/${crypto.randomUUID()}`,
    outputs: [{ bytes: crypto.randomBytes(2048), contentType: operation === "video" ? "video/mp4" : "image/jpeg" }],
  });

  const { redesign, inpaint, upscale, video, describe } = providers;
  return {
    redesign: {
      name: redesign.name,
      redesign: async (source, params, signal) =>
        (await inject("redesign", signal)) ? garbage("redesign") : redesign.redesign(source, params, signal),
    },
    inpaint: {
      name: inpaint.name,
      inpaint: async (image, mask, params, signal) =>
        (await inject("inpaint", signal)) ? garbage("inpaint") : inpaint.inpaint(image, mask, params, signal),
    },
    upscale: {
      name: upscale.name,
      upscale: async (image, opts, signal) =>
        (await inject("upscale", signal)) ? garbage("upscale") : upscale.upscale(image, opts, signal),
    },
    video: {
      name: video.name,
      video: async (params, signal) => ((await inject("video", signal)) ? garbage("video") : video.video(params, signal)),
    },
    describe: {
      name: describe.name,
      languages: describe.languages,
      describe: async (params, signal) =>
        (await inject("describe", signal))
          ? { provider: "faulty", statusUrl: `fault://describe/${crypto.randomUUID()}`, description: "" }
          : describe.describe(params, signal),
    },
  };
}

async function hang(ms: number, signal: AbortSignal | undefined, operation: string): Promise<never> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
  if (signal?.aborted) throw signal.reason;
  throw new ProviderError(`Injected ${operation} timeout.`, { transient: true, timeout: true });
}
