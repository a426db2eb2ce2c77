import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startReplicateDouble, type ReplicateDouble } from "@/test/doubles/replicate";
import { ProviderError, type ImageFile, type RedesignParams } from "@/server/providers/types";
import type { ReplicateConfig } from "./predictions";
import { replicateInpaintProvider } from "./inpaint";
import { replicateRedesignProvider } from "./redesign";
import { replicateUpscaleProvider } from "./upscale";
import { replicateVideoProvider } from "./video";

const VERSION_MODEL = "adirik/interior-design:76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38";
const params: RedesignParams = {
  type: "staging",
  roomType: "living_room",
  style: "scandinavian",
  color: null,
  intensity: 0.6,
  environment: "interior",
  maskPrompt: null,
  inspiration: null,
  styleReference: null,
  variant: 0,
};

let double: ReplicateDouble;
let config: ReplicateConfig;
let source: ImageFile;
let rendered: Buffer;

beforeAll(async () => {
  double = await startReplicateDouble();
  source = { bytes: await solid(300, 200, "#808080", "jpeg"), contentType: "image/jpeg" };
  rendered = await solid(300, 200, "#c08040", "png");
});
afterAll(() => double.close());
beforeEach(() => {
  config = { baseUrl: double.baseUrl, token: double.token, timeoutMs: 10_000, pollIntervalMs: 10 };
  double.requests.length = 0;
});

async function solid(width: number, height: number, color: string, format: "jpeg" | "png"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })[format]().toBuffer();
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const creates = () => double.requests.filter((r) => r.method === "POST" && r.path.endsWith("/predictions"));
const polls = () => double.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v1/predictions/"));

describe("Replicate redesign", () => {
  it("creates a versioned prediction with data-URL inputs, polls it and downloads the outputs", async () => {
    double.script({ polls: 3, output: [rendered] });
    const result = await replicateRedesignProvider(config, VERSION_MODEL).redesign(source, params);

    expect(result.provider).toBe("replicate");
    expect(result.outputs).toHaveLength(1);
    expect(result.outputs[0].bytes.equals(rendered)).toBe(true);
    expect(result.outputs[0].contentType).toBe("image/png");
    expect(result.providerOutputUrls?.[0]).toMatch(new RegExp(`^${double.baseUrl.replace("/v1", "")}/files/`));
    const [create] = creates();
    expect(create.path).toBe("/v1/predictions");
    const body = create.body as { version: string; input: Record<string, unknown> };
    expect(body.version).toBe(VERSION_MODEL.split(":")[1]);
    expect(body.input.image).toBe(`data:image/jpeg;base64,${source.bytes.toString("base64")}`);
    expect(body.input.prompt).toContain("living room");
    expect(body.input.prompt).toContain("scandinavian style");
    expect(body.input.prompt_strength).toBe(0.6);
    expect(create.headers["cancel-after"]).toBe("10s");
    expect(create.headers.prefer).toMatch(/^wait=\d+$/);
    const id = [...double.predictions.values()].at(-1)!.id;
    expect(result.statusUrl).toBe(`${double.baseUrl}/predictions/${id}`);
    expect(polls().length).toBe(3);
  });

  it("uses the model endpoint for owner/name and takes a finished answer from Prefer: wait without polling", async () => {
    double.script({ polls: 0, output: [rendered], outputShape: "string" });
    const result = await replicateRedesignProvider(config, "adirik/interior-design").redesign(source, params);
    expect(creates()[0].path).toBe("/v1/models/adirik/interior-design/predictions");
    expect(polls()).toHaveLength(0);
    expect(result.outputs[0].bytes.equals(rendered)).toBe(true);
  });

  it("turns a failed prediction into a permanent error carrying the model's message", async () => {
    double.script({ polls: 1, outcome: "failed", error: "CUDA out of memory" });
    const error = await failure(replicateRedesignProvider(config, VERSION_MODEL).redesign(source, params));
    expect(error.transient).toBe(false);
    expect(error.message).toContain("CUDA out of memory");
  });

  it("treats a prediction canceled elsewhere as permanent", async () => {
    double.script({ polls: 1, outcome: "canceled" });
    const error = await failure(replicateRedesignProvider(config, VERSION_MODEL).redesign(source, params));
    expect(error.transient).toBe(false);
  });

  it("waits out a 429 for its Retry-After, then succeeds", async () => {
    double.failNext("create", { status: 429, count: 1, retryAfterSeconds: 1 });
    double.script({ polls: 1, output: [rendered] });
    const result = await replicateRedesignProvider(config, VERSION_MODEL).redesign(source, params);
    expect(result.outputs[0].bytes.equals(rendered)).toBe(true);
    const [first, second] = creates();
    expect(second.at - first.at).toBeGreaterThanOrEqual(950);
  });

  it("reports a 429 whose Retry-After passes the deadline as transient without waiting it out", async () => {
    double.failNext("create", { status: 429, count: 1, retryAfterSeconds: 3600 });
    const error = await failure(replicateRedesignProvider(config, VERSION_MODEL).redesign(source, params));
    expect(error.transient).toBe(true);
    expect(creates()).toHaveLength(1);
  });

  it("classifies a 5xx on create as transient", async () => {
    double.failNext("create", { status: 503, count: 1 });
    const error = await failure(replicateRedesignProvider(config, VERSION_MODEL).redesign(source, params));
    expect(error.transient).toBe(true);
    expect(error.message).toContain("503");
  });

  it("rides out a brief 5xx while polling", async () => {
    double.failNext("get", { status: 502, count: 2 });
    double.script({ polls: 2, output: [rendered] });
    const result = await replicateRedesignProvider(config, VERSION_MODEL).redesign(source, params);
    expect(result.outputs).toHaveLength(1);
  });

  it("times out a slow prediction, cancels it at Replicate and says so", async () => {
    double.script({ neverFinishes: true });
    const error = await failure(
      replicateRedesignProvider({ ...config, timeoutMs: 300 }, VERSION_MODEL).redesign(source, params),
    );
    expect(error.timeout).toBe(true);
    expect(error.transient).toBe(true);
    expect([...double.predictions.values()].at(-1)!.status).toBe("canceled");
  });

  it("stops and cancels when the caller aborts", async () => {
    double.script({ neverFinishes: true });
    const controller = new AbortController();
    const run = replicateRedesignProvider(config, VERSION_MODEL).redesign(source, params, controller.signal);
    setTimeout(() => controller.abort(new Error("job deleted")), 100);
    await expect(run).rejects.toThrow("job deleted");
    expect([...double.predictions.values()].at(-1)!.status).toBe("canceled");
  });

  it("refuses a bad token permanently without echoing it", async () => {
    const error = await failure(
      replicateRedesignProvider({ ...config, token: "r8_wrong-secret" }, VERSION_MODEL).redesign(source, params),
    );
    expect(error.transient).toBe(false);
    expect(error.message).toContain("401");
    expect(error.message).not.toContain("r8_wrong-secret");
  });

  it("refuses an output above the size cap", async () => {
    double.script({ polls: 0, output: [rendered] });
    const error = await failure(
      replicateRedesignProvider({ ...config, maxOutputBytes: 100 }, VERSION_MODEL).redesign(source, params),
    );
    expect(error.transient).toBe(false);
  });
});

describe("Replicate inpaint, upscale and video", () => {
  it("inpaints with the mask sent as a data URL", async () => {
    const mask: ImageFile = { bytes: await solid(300, 200, "#ffffff", "png"), contentType: "image/png" };
    double.script({ polls: 1, output: [rendered] });
    const result = await replicateInpaintProvider(config, "stability-ai/stable-diffusion-inpainting").inpaint(
      source,
      mask,
      { inpaintingType: "remove", renderType: "interior", style: null, roomType: "bedroom", intensity: 0.5 },
    );
    const input = (creates()[0].body as { input: Record<string, string> }).input;
    expect(input.mask).toBe(`data:image/png;base64,${mask.bytes.toString("base64")}`);
    expect(input.prompt).toContain("bedroom");
    expect(result.outputs[0].bytes.equals(rendered)).toBe(true);
  });

  it("upscales with a scale that respects the cap and brings an oversized answer back to it", async () => {
    const tooBig = await solid(900, 600, "#336699", "png");
    double.script({ polls: 1, output: [tooBig] });
    const result = await replicateUpscaleProvider(config, "nightmareai/real-esrgan").upscale(source, { maxLongSide: 450 });
    expect((creates()[0].body as { input: { scale: number } }).input.scale).toBe(1.5);
    const meta = await sharp(result.outputs[0].bytes).metadata();
    expect([meta.width, meta.height]).toEqual([450, 300]);
    expect(result.providerOutputUrls).toHaveLength(1);
  });

  it("renders a video with the tail as end_image and reports progress from the logs", async () => {
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(64)]);
    double.script({ polls: 4, output: [video], logs: ["", " 40%|████", " 40%|████\n 80%|████████"] });
    const progress: number[] = [];
    const result = await replicateVideoProvider(config, "kwaivgi/kling-v2.1").video({
      mode: "before_after",
      image: source.bytes,
      tail: rendered,
      durationSeconds: 5,
      onProgress: (percent) => void progress.push(percent),
    });
    const input = (creates()[0].body as { input: Record<string, unknown> }).input;
    expect(input.start_image).toMatch(/^data:image\/jpeg;base64,/);
    expect(input.end_image).toMatch(/^data:image\/png;base64,/);
    expect(input.duration).toBe(5);
    expect(input.mode).toBe("pro");
    expect(result.outputs[0].contentType).toBe("video/mp4");
    expect(progress).toContain(40);
    expect(progress).toContain(80);
    expect(progress.at(-1)).toBe(100);
  });
});
