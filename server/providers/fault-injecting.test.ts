import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { withFaults } from "./fault-injecting";
import { ProviderError, type ImageFile, type ProviderResult, type Providers } from "./types";

/** A tiny honest provider set: every operation answers one real PNG, the description a sentence. */
let inner: Providers;
let image: ImageFile;

beforeAll(async () => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#204060" } })
    .png()
    .toBuffer();
  image = { bytes: png, contentType: "image/png" };
  const result = async (): Promise<ProviderResult> => ({ provider: "inner", statusUrl: "inner://1", outputs: [image] });
  inner = {
    redesign: { name: "inner", redesign: result },
    inpaint: { name: "inner", inpaint: result },
    upscale: { name: "inner", upscale: result },
    video: { name: "inner", video: result },
    describe: { name: "inner", describe: async () => ({ provider: "inner", statusUrl: "inner://1", description: "A home." }) },
  };
});

type Outcome = "ok" | "transient" | "permanent" | "timeout" | "garbage";

async function outcomes(providers: Providers, calls: number): Promise<Outcome[]> {
  const seen: Outcome[] = [];
  for (let i = 0; i < calls; i++) {
    try {
      const result = await providers.upscale.upscale(image, { maxLongSide: 8192 });
      seen.push(result.outputs[0].bytes.equals(image.bytes) ? "ok" : "garbage");
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      seen.push(error.timeout ? "timeout" : error.transient ? "transient" : "permanent");
    }
  }
  return seen;
}

const share = (seen: Outcome[], ...kinds: Outcome[]) => seen.filter((o) => kinds.includes(o)).length / seen.length;

describe("withFaults", () => {
  it("injects failures, timeouts and garbage at the set rates", async () => {
    const seen = await outcomes(withFaults(inner, { failRate: 0.2, timeoutRate: 0.1, garbageRate: 0.1, seed: 7, hangMs: 0 }), 2000);
    expect(share(seen, "transient", "permanent")).toBeCloseTo(0.2, 1);
    expect(share(seen, "transient")).toBeGreaterThan(0.05);
    expect(share(seen, "permanent")).toBeGreaterThan(0.05);
    expect(share(seen, "timeout")).toBeCloseTo(0.1, 1);
    expect(share(seen, "garbage")).toBeCloseTo(0.1, 1);
    expect(share(seen, "ok")).toBeCloseTo(0.6, 1);
  });

  it("replays the same faults for the same seed and different ones for another", async () => {
    const options = { failRate: 0.3, timeoutRate: 0.1, garbageRate: 0.2, hangMs: 0 };
    const first = await outcomes(withFaults(inner, { ...options, seed: 42 }), 200);
    const again = await outcomes(withFaults(inner, { ...options, seed: 42 }), 200);
    const other = await outcomes(withFaults(inner, { ...options, seed: 43 }), 200);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it("returns bytes that are not an image as garbage", async () => {
    const providers = withFaults(inner, { failRate: 0, timeoutRate: 0, garbageRate: 1, seed: 1 });
    const result = await providers.redesign.redesign(image, {
      type: "staging",
      roomType: "bedroom",
      style: null,
      color: null,
      intensity: 0.5,
      environment: "interior",
      maskPrompt: null,
      inspiration: null,
      styleReference: null,
      variant: 0,
    });
    await expect(sharp(result.outputs[0].bytes).metadata()).rejects.toThrow();
    const described = await providers.describe.describe({
      images: [image],
      analysis: [],
      propertyData: { property_type: "house" },
      settings: { tone: "warm", length: "short", language: "en" },
    });
    expect(described.description).toBe("");
  });

  it("hangs until the caller aborts", async () => {
    const providers = withFaults(inner, { failRate: 0, timeoutRate: 1, garbageRate: 0, seed: 1, hangMs: 60_000 });
    const controller = new AbortController();
    const call = providers.video.video({ mode: "pan", image: image.bytes, tail: null, durationSeconds: 5 }, controller.signal);
    setTimeout(() => controller.abort(new Error("gave up")), 20);
    await expect(call).rejects.toThrow("gave up");
  });

  it("refuses rates that add up to more than 1", () => {
    expect(() => withFaults(inner, { failRate: 0.6, timeoutRate: 0.3, garbageRate: 0.2, seed: 1 })).toThrow(RangeError);
  });
});
