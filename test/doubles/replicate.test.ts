/**
 * The Replicate double is as strict as Replicate: inputs checked against each model's
 * published schema (unknown keys refused with 422), versions and model paths as served,
 * and answers in the published shape (one file URL) of the size the model makes.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReplicateDouble, type ReplicateDouble } from "./replicate";

let double: ReplicateDouble;
let photo: string;
let mask: string;

beforeAll(async () => {
  double = await startReplicateDouble();
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#a0a0a0" } })
    .jpeg()
    .toBuffer();
  photo = `data:image/jpeg;base64,${jpeg.toString("base64")}`;
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#000" } })
    .png()
    .toBuffer();
  mask = `data:image/png;base64,${png.toString("base64")}`;
});
afterAll(() => double.close());

async function create(path: string, body: unknown) {
  const response = await fetch(`${double.baseUrl}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${double.token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { id: string; status: string; output: unknown; detail?: string; urls: { get: string } },
  };
}

/** Polls the prediction to its end; returns its output and the file behind it. */
async function finish(id: string) {
  for (;;) {
    const prediction = (await (
      await fetch(`${double.baseUrl}/predictions/${id}`, { headers: { Authorization: `Bearer ${double.token}` } })
    ).json()) as { status: string; output: unknown };
    if (prediction.status === "succeeded") {
      const file = Buffer.from(await (await fetch(String(prediction.output))).arrayBuffer());
      return { output: prediction.output, file };
    }
    expect(["starting", "processing"]).toContain(prediction.status);
  }
}

const model = (name: string) => `/models/${name}/predictions`;

describe("inputs, as the models' published schemas say", () => {
  it("refuses an unknown input key with 422, naming it", async () => {
    const refused = await create(model("black-forest-labs/flux-kontext-pro"), {
      input: { prompt: "stage it", input_image: photo, num_outputs: 1 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      title: "Input validation failed",
      detail: expect.stringContaining("- input: Additional property num_outputs is not allowed"),
    });
  });

  it("refuses a mask on the editing models, whose published schemas take none (kept areas are told in the prompt, D17); FLUX Fill takes one", async () => {
    for (const [name, image] of [
      ["black-forest-labs/flux-kontext-pro", { input_image: photo }],
      ["google/nano-banana", { image_input: [photo] }],
      ["black-forest-labs/flux-2-pro", { input_images: [photo] }],
    ] as const) {
      const refused = await create(model(name), { input: { prompt: "stage it", ...image, mask: photo } });
      expect(refused.status, name).toBe(422);
      expect(refused.body).toMatchObject({ detail: expect.stringContaining("- input: Additional property mask is not allowed") });
    }
    const fill = await create(model("black-forest-labs/flux-fill-pro"), { input: { prompt: "a sofa", image: photo, mask: photo } });
    expect(fill.status).toBe(201);
  });

  it("refuses a missing required field, a value outside an enumeration or range, a wrong type and an unreadable file", async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["black-forest-labs/flux-kontext-pro", { input_image: photo }, /input: prompt is required/],
      [
        "black-forest-labs/flux-kontext-pro",
        { prompt: "x", input_image: photo, aspect_ratio: "7:3" },
        /input\.aspect_ratio: must be one of/,
      ],
      [
        "black-forest-labs/flux-kontext-pro",
        { prompt: "x", input_image: photo, safety_tolerance: 5 },
        /safety_tolerance: 2 is the maximum allowed with input images/,
      ],
      ["black-forest-labs/flux-fill-pro", { image: photo, mask, prompt: "x", steps: 60 }, /input\.steps: Must be less than or equal to 50/],
      ["topazlabs/image-upscale", { image: photo, upscale_factor: 2 }, /input\.upscale_factor: Invalid type. Expected: string/],
      [
        "google/nano-banana",
        { prompt: "x", image_input: ["data:image/jpeg;base64,%%%"] },
        /input\.image_input: Does not match format 'uri'/,
      ],
      [
        "kwaivgi/kling-v2.1",
        { prompt: "x", start_image: photo, end_image: photo, mode: "standard" },
        /end_image: an end frame needs mode pro/,
      ],
      ["kwaivgi/kling-v2.1", { prompt: "x", start_image: photo, duration: 7 }, /input\.duration: must be one of the following: 5, 10/],
    ];
    for (const [name, input, problem] of cases) {
      const refused = await create(model(name), { input });
      expect([refused.status, refused.body.detail], `${name} ${JSON.stringify(Object.keys(input))}`).toEqual([
        422,
        expect.stringMatching(problem),
      ]);
    }
  });

  it("serves official models on the model path and known community versions on the version path only", async () => {
    expect((await create(model("nightmareai/real-esrgan"), { input: { image: photo } })).status).toBe(404);
    const unknown = await create("/predictions", { version: "0".repeat(64), input: { image: photo } });
    expect([unknown.status, unknown.body.detail]).toEqual([422, expect.stringMatching(/version does not exist/)]);
    const esrgan = await create("/predictions", {
      version: "f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa",
      input: { image: photo, scale: 2, face_enhance: false },
    });
    expect(esrgan.status).toBe(201);
  });
});

describe("outputs, in the published shape and at the model's size", () => {
  it.each([
    [
      "black-forest-labs/flux-kontext-pro",
      () => ({ prompt: "stage it", input_image: photo, aspect_ratio: "match_input_image", output_format: "jpg" }),
      "jpeg",
      [1152, 864],
    ],
    [
      "google/nano-banana",
      () => ({ prompt: "stage it", image_input: [photo, photo], aspect_ratio: "match_input_image", output_format: "jpg" }),
      "jpeg",
      [1152, 864],
    ],
    [
      "black-forest-labs/flux-2-pro",
      () => ({ prompt: "stage it", input_images: [photo], aspect_ratio: "match_input_image" }),
      "webp",
      [1152, 864],
    ],
    ["black-forest-labs/flux-fill-pro", () => ({ image: photo, mask, prompt: "fill it", output_format: "png" }), "png", [320, 224]],
    [
      "topazlabs/image-upscale",
      () => ({ image: photo, upscale_factor: "2x", enhance_model: "Standard V2", output_format: "jpg" }),
      "jpeg",
      [640, 480],
    ],
  ] as const)("%s answers one URL of a file the model's size", async (name, input, format, size) => {
    // Inputs built when the test runs: the photo is made in beforeAll.
    const created = await create(model(name), { input: input() });
    expect(created.status).toBe(201);
    const { output, file } = await finish(created.body.id);
    expect(typeof output).toBe("string");
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([format, ...size]);
  });

  it("kling-v2.1 answers one URL of an H.264 MP4", async () => {
    const created = await create(model("kwaivgi/kling-v2.1"), { input: { prompt: "pan", start_image: photo, duration: 5 } });
    const { output, file } = await finish(created.body.id);
    expect(typeof output).toBe("string");
    expect(file.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect(file.includes(Buffer.from("avc1"))).toBe(true);
  });
});
