/**
 * Every Replicate adapter against the contract double (test/doubles/replicate.ts), which
 * refuses inputs outside each model's published schema (unknown keys included) and
 * answers one file URL at the model's own size: the current official models on the model
 * path, files as Files API URLs (never oversized data URLs), outputs brought to the size
 * the operation promises, large and WebP sources, crash-and-resume without a second paid
 * prediction, and each documented error class.
 */
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startReplicateDouble, type ReplicateDouble } from "@/test/doubles/replicate";
import { ProviderError, type ImageFile, type RedesignParams } from "@/server/providers/types";
import { startTestS3 } from "@/test/s3";
import { storageInputHost } from "../hosted/input-host";
import { databaseTaskLedger, type TaskLedger } from "../task-ledger";
import { replicateInpaintProvider } from "./inpaint";
import type { ReplicateConfig } from "./predictions";
import { replicateRedesignProvider } from "./redesign";
import { replicateUpscaleProvider } from "./upscale";
import { replicateVideoProvider } from "./video";
import { rejectionOf } from "@/test/rejection";
import { LIVING_ROOM_STAGING } from "@/test/redesign-params";

const MODELS = { single: "black-forest-labs/flux-kontext-pro", multi: "google/nano-banana" };
const params = (overrides: Partial<RedesignParams> = {}): RedesignParams => ({
  ...LIVING_ROOM_STAGING,
  roomType: "bedroom",
  style: "scandinavian",
  ...overrides,
});

let double: ReplicateDouble;
let config: ReplicateConfig;
let model1024: Buffer;

beforeAll(async () => {
  double = await startReplicateDouble();
  // What a generative model answers: its own size (about 1 MP), not the source's.
  model1024 = await sharp({ create: { width: 1024, height: 768, channels: 3, background: "#c08040" } })
    .jpeg()
    .toBuffer();
});
afterAll(() => double.close());
beforeEach(() => {
  // The deadline covers re-encoding 12–24 MP inputs too: seconds on a busy 2-core machine. No test waits it out.
  config = { baseUrl: double.baseUrl, token: double.token, timeoutMs: 120_000, pollIntervalMs: 5, ledger: databaseTaskLedger };
  double.requests.length = 0;
});

const photos = new Map<string, Promise<ImageFile>>();

/**
 * A photo-like source, several megabytes (far over the 256 KB inline limit): noise at a
 * third of the size, enlarged with hard edges that do not line up with JPEG blocks.
 * Made once per size and format: encoding 24 MP is slow on a shared machine.
 */
function photo(width: number, height: number, format: "jpeg" | "webp" = "jpeg"): Promise<ImageFile> {
  const key = `${width}x${height}.${format}`;
  if (!photos.has(key)) {
    photos.set(
      key,
      (async () => {
        const noise = await sharp({
          create: {
            width: Math.ceil(width / 3),
            height: Math.ceil(height / 3),
            channels: 3,
            background: "#8a8f96",
            noise: { type: "gaussian", mean: 128, sigma: 40 },
          },
        })
          .png()
          .toBuffer();
        const image = sharp(noise).resize(width, height, { fit: "fill", kernel: "nearest" });
        const bytes =
          format === "webp" ? await image.webp({ quality: 80, effort: 0 }).toBuffer() : await image.jpeg({ quality: 85 }).toBuffer();
        return { bytes, contentType: `image/${format}` };
      })(),
    );
  }
  return photos.get(key)!;
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ProviderError);

const creates = () => double.requests.filter((r) => r.method === "POST" && r.path.endsWith("/predictions"));
const uploads = () => double.requests.filter((r) => r.method === "POST" && r.path === "/v1/files");
const inputOf = (index = 0) => (creates()[index].body as { input: Record<string, unknown> }).input;
const workKey = () => `test:${crypto.randomUUID()}`;

/** The uploaded file behind an input URL, decoded. */
async function sent(value: unknown) {
  const bytes = double.resolveInput(value);
  expect(bytes, `input ${String(value).slice(0, 40)} resolves to a file`).not.toBeNull();
  return sharp(bytes!).metadata();
}

describe("Replicate redesign (FLUX Kontext Pro)", () => {
  it.each([
    [4000, 3000, "jpeg"],
    [6000, 4000, "webp"],
  ] as const)(
    "stages a %i×%i %s source: official model path, Files API upload ≤ 4 MP JPEG, output at the source's size",
    async (width, height, format) => {
      double.script({ polls: 2, output: model1024 });
      const source = await photo(width, height, format);
      const result = await replicateRedesignProvider(config, MODELS).redesign(source, params({ workKey: workKey() }));

      expect(creates().map((r) => r.path)).toEqual(["/v1/models/black-forest-labs/flux-kontext-pro/predictions"]);
      const input = inputOf();
      expect(input).toMatchObject({ aspect_ratio: "match_input_image", output_format: "jpg" });
      expect(String(input.prompt)).toMatch(/Keep the walls, wall colour, floor, ceiling, windows, doors/);
      expect(String(input.input_image)).toMatch(/\/v1\/files\/\w+$/);
      const upload = await sent(input.input_image);
      expect(upload.format).toBe("jpeg");
      expect(upload.width! * upload.height!).toBeLessThanOrEqual(4_000_000);
      expect(upload.width! / upload.height!).toBeCloseTo(width / height, 2);
      // Nothing over the inline limit went as a data URL.
      for (const request of double.requests) expect(request.raw.length < 300_000 || request.path === "/v1/files").toBe(true);

      const out = await sharp(result.outputs[0].bytes).metadata();
      expect([out.width, out.height]).toEqual([width, height]);
      expect(result).toMatchObject({ provider: "replicate", statusUrl: expect.stringMatching(/\/v1\/predictions\/\w+$/) });
      // The uploaded copy of the client's photo is deleted once the prediction has ended.
      expect(double.requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([
        new URL(String(input.input_image)).pathname,
      ]);
      expect(double.uploads.size).toBe(0);
    },
  );

  it("with S3 storage, sends a large input as a presigned URL of a bucket copy (no Files API upload) and deletes the copy afterwards", async () => {
    const s3 = await startTestS3(["provider-inputs-test"]);
    try {
      const store = s3.storeFor();
      double.script({ polls: 1, output: model1024 });
      const result = await replicateRedesignProvider({ ...config, inputHost: storageInputHost(store) }, MODELS).redesign(
        await photo(4000, 3000),
        params({ workKey: workKey() }),
      );
      expect(uploads()).toHaveLength(0);
      const url = String(inputOf().input_image);
      expect(url.startsWith(`${s3.endpoint}/provider-inputs-test/`)).toBe(true);
      expect(url).toMatch(/X-Amz-Signature=/);
      expect((await sent(url)).width! * (await sent(url)).height!).toBeLessThanOrEqual(4_000_000);
      expect((await sharp(result.outputs[0].bytes).metadata()).width).toBe(4000);
      const key = decodeURIComponent(new URL(url).pathname.split("/").slice(2).join("/"));
      expect(key).toMatch(/^provider-inputs\/\w+\/provider-input\.jpg$/);
      expect(await store.get(key)).toBeNull();
    } finally {
      await s3.close();
    }
  });

  it("inlines a small input as a data URL (within 256 KB) without an upload", async () => {
    double.script({ polls: 0, output: model1024 });
    const small = {
      bytes: await sharp({ create: { width: 320, height: 240, channels: 3, background: "#999999" } })
        .jpeg()
        .toBuffer(),
      contentType: "image/jpeg",
    };
    await replicateRedesignProvider(config, MODELS).redesign(small, params());
    expect(uploads()).toHaveLength(0);
    expect(String(inputOf().input_image)).toMatch(/^data:image\/jpeg;base64,/);
  });

  it("sends each multi-view sibling its own photo and the anchor's staged output to the multi-reference model", async () => {
    const anchorOutput = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3366aa" } })
      .jpeg()
      .toBuffer();
    const provider = replicateRedesignProvider(config, MODELS);
    for (const sibling of [await photo(4000, 3000), await photo(3000, 4000)]) {
      double.script({ polls: 1, output: model1024 });
      const result = await provider.redesign(sibling, params({ styleReference: anchorOutput, workKey: workKey() }));
      const meta = await sharp(result.outputs[0].bytes).metadata();
      expect([meta.width, meta.height]).toEqual([
        (await sharp(sibling.bytes).metadata()).width,
        (await sharp(sibling.bytes).metadata()).height,
      ]);
    }
    expect(creates().map((r) => r.path)).toEqual([
      "/v1/models/google/nano-banana/predictions",
      "/v1/models/google/nano-banana/predictions",
    ]);
    for (const index of [0, 1]) {
      const images = inputOf(index).image_input as string[];
      expect(images).toHaveLength(2);
      const reference = await sharp(double.resolveInput(images[1])!).resize(1, 1).raw().toBuffer();
      // The second image is the anchor's output (flat #3366aa), not another photo.
      [0x33, 0x66, 0xaa].forEach((value, channel) => expect(Math.abs(reference[channel] - value)).toBeLessThan(12));
      expect(String(inputOf(index).prompt)).toMatch(/same room from another angle, already staged/);
    }
  });

  it("resumes the recorded prediction after a crash instead of paying for a second one", async () => {
    double.script({ polls: 4, output: model1024 });
    const key = workKey();
    // The first process records the prediction and dies while waiting: its promise never settles, so nothing cancels.
    const dying: TaskLedger = {
      ...databaseTaskLedger,
      record: async (...args) => {
        await databaseTaskLedger.record(...args);
        await new Promise(() => undefined);
      },
    };
    void replicateRedesignProvider({ ...config, ledger: dying }, MODELS).redesign(await photo(4000, 3000), params({ workKey: key }));
    // Re-encoding the 12 MP photo comes first: far more than expect.poll's default second on a busy machine.
    await expect.poll(() => databaseTaskLedger.find(key), { timeout: 60_000 }).not.toBeNull();
    expect(creates()).toHaveLength(1);

    const resumed = await replicateRedesignProvider(config, MODELS).redesign(await photo(4000, 3000), params({ workKey: key }));
    expect(creates()).toHaveLength(1);
    expect(resumed.statusUrl).toContain(String(await databaseTaskLedger.find(key)));
    expect((await sharp(resumed.outputs[0].bytes).metadata()).width).toBe(4000);
  });

  it("refuses a community model named without a version: 404 on the model path, a permanent error", async () => {
    const error = await failure(
      replicateRedesignProvider(config, { single: "adirik/interior-design", multi: MODELS.multi }).redesign(
        await photo(400, 300),
        params(),
      ),
    );
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/404/);
  });

  it("classifies each documented failure", async () => {
    const provider = replicateRedesignProvider(config, MODELS);
    const source = await photo(800, 600);

    double.script({ outcome: "failed", error: "NSFW content detected. Try running it again, or try a different prompt." });
    const refusal = await failure(provider.redesign(source, params({ workKey: workKey() })));
    expect([refusal.transient, refusal.message]).toEqual([false, expect.stringMatching(/NSFW/)]);

    double.script({ outcome: "canceled" });
    const deadline = await failure(provider.redesign(source, params({ workKey: workKey() })));
    expect([deadline.transient, deadline.timeout]).toEqual([true, true]);

    double.script({ outcome: "aborted" });
    expect((await failure(provider.redesign(source, params()))).timeout).toBe(true);

    double.failNext("create", { status: 429, count: 1, retryAfterSeconds: 0 });
    double.script({ polls: 0, output: model1024 });
    expect((await provider.redesign(source, params())).outputs).toHaveLength(1);

    double.failNext("create", { status: 503, count: 1 });
    expect((await failure(provider.redesign(source, params()))).transient).toBe(true);

    const unauthorized = await failure(replicateRedesignProvider({ ...config, token: "r8_wrong" }, MODELS).redesign(source, params()));
    expect([unauthorized.transient, unauthorized.message.includes("r8_wrong")]).toEqual([false, false]);
  });

  it("fails when the output expired before it was copied", async () => {
    const expiring = await startReplicateDouble({ outputTtlMs: -1 });
    try {
      expiring.script({ polls: 0, output: model1024 });
      const error = await failure(
        replicateRedesignProvider({ ...config, baseUrl: expiring.baseUrl, token: expiring.token }, MODELS).redesign(
          await photo(400, 300),
          params(),
        ),
      );
      expect(error.message).toMatch(/404/);
    } finally {
      await expiring.close();
    }
  });
});

describe("each model's own answer, unscripted", () => {
  it("redesign, inpaint and upscale return the size the operation promises whatever size the model answered at", async () => {
    const source = await photo(800, 600);
    const models = () => double.requests.filter((r) => r.method === "POST" && r.path.endsWith("/predictions")).map((r) => r.path);
    const sizeOf = async (bytes: Buffer) => {
      const meta = await sharp(bytes).metadata();
      return [meta.width, meta.height];
    };
    // FLUX Kontext answers about 1 MP (1152×864 here), FLUX Fill in multiples of 32 (800×576).
    const staged = await replicateRedesignProvider(config, MODELS).redesign(source, params({ workKey: workKey() }));
    expect(await sizeOf(staged.outputs[0].bytes)).toEqual([800, 600]);
    const mask = {
      bytes: await sharp({ create: { width: 800, height: 600, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
      contentType: "image/png",
    };
    const inpainted = await replicateInpaintProvider(config, "black-forest-labs/flux-fill-pro").inpaint(source, mask, {
      inpaintingType: "remove",
      renderType: "interior",
      style: null,
      roomType: "bedroom",
      intensity: 0.5,
      workKey: workKey(),
    });
    expect(await sizeOf(inpainted.outputs[0].bytes)).toEqual([800, 600]);
    const upscaled = await replicateUpscaleProvider(config, "topazlabs/image-upscale").upscale(source, {
      maxLongSide: 1200,
      workKey: workKey(),
    });
    expect(await sizeOf(upscaled.outputs[0].bytes)).toEqual([1200, 900]);
    expect(models()).toEqual([
      "/v1/models/black-forest-labs/flux-kontext-pro/predictions",
      "/v1/models/black-forest-labs/flux-fill-pro/predictions",
      "/v1/models/topazlabs/image-upscale/predictions",
    ]);
    // What the models answered: one URL each, as their schemas publish.
    for (const result of [staged, inpainted, upscaled]) expect(result.providerOutputUrls).toHaveLength(1);
  });
});

describe("crash and resume, for every operation", () => {
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(512, 1)]);
  const solid = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#808080" } })
      .jpeg()
      .toBuffer();
  // Each operation's adapter, called with a work key and the ledger given; and what the model answers.
  const operations: Record<
    string,
    { output: () => Promise<Buffer>; run: (ledger: TaskLedger, workKey: string) => Promise<{ statusUrl?: string | null }> }
  > = {
    inpaint: {
      output: () => solid(800, 600),
      run: async (ledger, workKey) =>
        replicateInpaintProvider({ ...config, ledger }, "black-forest-labs/flux-fill-pro").inpaint(
          await photo(800, 600),
          { bytes: await solid(800, 600), contentType: "image/jpeg" },
          { inpaintingType: "remove", renderType: "interior", style: null, roomType: "bedroom", intensity: 0.5, workKey },
        ),
    },
    upscale: {
      output: () => solid(1600, 1200),
      run: async (ledger, workKey) =>
        replicateUpscaleProvider({ ...config, ledger }, "topazlabs/image-upscale").upscale(await photo(800, 600), {
          maxLongSide: 8192,
          workKey,
        }),
    },
    video: {
      output: async () => mp4,
      run: async (ledger, workKey) =>
        replicateVideoProvider({ ...config, ledger }, "kwaivgi/kling-v2.1").video({
          mode: "zoom_in",
          image: (await photo(800, 600)).bytes,
          tail: null,
          durationSeconds: 5,
          workKey,
        }),
    },
  };

  it.each(Object.keys(operations))("%s resumes the recorded prediction instead of paying for a second one", async (name) => {
    const operation = operations[name];
    double.script({ polls: 4, output: await operation.output() });
    const key = workKey();
    // The first process records the prediction and dies while waiting: its promise never settles.
    const dying: TaskLedger = {
      ...databaseTaskLedger,
      record: async (...args) => {
        await databaseTaskLedger.record(...args);
        await new Promise(() => undefined);
      },
    };
    void operation.run(dying, key);
    await expect.poll(() => databaseTaskLedger.find(key), { timeout: 60_000 }).not.toBeNull();
    const resumed = await operation.run(databaseTaskLedger, key);
    expect(creates()).toHaveLength(1);
    expect(resumed.statusUrl).toContain(String(await databaseTaskLedger.find(key)));
  });
});

describe("Replicate inpaint (FLUX Fill Pro)", () => {
  it("sends a ≤ 4 MP image and a mask of the same size, and composites the answer onto the 12 MP original outside the mask", async () => {
    const original = await photo(4000, 3000);
    const mask = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#000000" } })
      .composite([{ input: { create: { width: 800, height: 600, channels: 3, background: "#ffffff" } }, left: 1600, top: 1200 }])
      .png()
      .toBuffer();
    double.script({
      polls: 1,
      output: await sharp({ create: { width: 2048, height: 1536, channels: 3, background: "#ff0000" } })
        .png()
        .toBuffer(),
    });
    const result = await replicateInpaintProvider(config, "black-forest-labs/flux-fill-pro").inpaint(
      original,
      { bytes: mask, contentType: "image/png" },
      { inpaintingType: "remove", renderType: "interior", style: null, roomType: "bedroom", intensity: 0.5, workKey: workKey() },
    );
    expect(creates().map((r) => r.path)).toEqual(["/v1/models/black-forest-labs/flux-fill-pro/predictions"]);
    const [image, sentMask] = [await sent(inputOf().image), await sent(inputOf().mask)];
    expect(image.width! * image.height!).toBeLessThanOrEqual(4_000_000);
    expect([sentMask.width, sentMask.height]).toEqual([image.width, image.height]);

    const before = await sharp(original.bytes).raw().toBuffer();
    const after = await sharp(result.outputs[0].bytes).raw().toBuffer({ resolveWithObject: true });
    expect([after.info.width, after.info.height]).toEqual([4000, 3000]);
    let changedOutside = 0;
    let changedInside = 0;
    for (let y = 0; y < 3000; y += 7) {
      for (let x = 0; x < 4000; x += 7) {
        const i = (y * 4000 + x) * 3;
        const same = before[i] === after.data[i] && before[i + 1] === after.data[i + 1] && before[i + 2] === after.data[i + 2];
        const inside = x >= 1600 && x < 2400 && y >= 1200 && y < 1800;
        if (!inside && !same) changedOutside++;
        if (inside && !same) changedInside++;
      }
    }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(0);
  });
});

describe("Replicate upscale (Topaz)", () => {
  it("upscales a 12 MP photo whole to exactly twice its size", async () => {
    double.script({
      polls: 1,
      output: await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#808080" } })
        .jpeg()
        .toBuffer(),
    });
    const result = await replicateUpscaleProvider(config, "topazlabs/image-upscale").upscale(await photo(4000, 3000), {
      maxLongSide: 8192,
      workKey: workKey(),
    });
    expect(inputOf()).toMatchObject({ upscale_factor: "2x", enhance_model: "Standard V2" });
    expect((await sent(inputOf().image)).width).toBe(4000);
    const out = await sharp(result.outputs[0].bytes).metadata();
    expect([out.width, out.height]).toEqual([8000, 6000]);
  });

  it("sends Real-ESRGAN (pinned by version) at most 2 MP, since it runs out of GPU memory near 12 MP", async () => {
    double.script({
      polls: 0,
      output: await sharp({ create: { width: 3264, height: 2448, channels: 3, background: "#808080" } })
        .jpeg()
        .toBuffer(),
    });
    const esrgan = "nightmareai/real-esrgan:f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa";
    const result = await replicateUpscaleProvider(config, esrgan).upscale(await photo(4000, 3000), { maxLongSide: 8192 });
    expect(creates()[0].path).toBe("/v1/predictions");
    const image = await sent(inputOf().image);
    expect(image.width! * image.height!).toBeLessThanOrEqual(2_000_000);
    expect([(await sharp(result.outputs[0].bytes).metadata()).width]).toEqual([8000]);
  });
});

describe("Replicate video (Kling v2.1)", () => {
  it("sends WebP frames as JPEG URLs, end frame in pro mode, and reports progress", async () => {
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(512, 1)]);
    double.script({ polls: 3, output: video, logs: ["10%", "40%", "80%"] });
    const progress: number[] = [];
    const start = await photo(1600, 1200, "webp");
    const result = await replicateVideoProvider(config, "kwaivgi/kling-v2.1").video({
      mode: "before_after",
      image: start.bytes,
      tail: (await photo(1600, 1200, "webp")).bytes,
      durationSeconds: 5,
      onProgress: (p) => void progress.push(p),
      workKey: workKey(),
    });
    expect(creates()[0].path).toBe("/v1/models/kwaivgi/kling-v2.1/predictions");
    expect(inputOf()).toMatchObject({ mode: "pro", duration: 5 });
    expect((await sent(inputOf().start_image)).format).toBe("jpeg");
    expect((await sent(inputOf().end_image)).format).toBe("jpeg");
    expect(progress.at(-1)).toBe(100);
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(result.outputs[0].contentType).toBe("video/mp4");
  });
});
