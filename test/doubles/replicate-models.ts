/**
 * The models the Replicate double serves, each with its published input schema (as on
 * the model's API page on replicate.com: field types, enumerations, ranges, required
 * fields) and what it makes. Every one of them publishes its output as a single file
 * URL (`{"type": "string", "format": "uri"}`), so the double answers one URL string, and
 * the file is of the size the model makes: the FLUX editing models and nano-banana about
 * 1 MP at the asked aspect ratio, FLUX Fill the image's size in multiples of 32, the
 * upscalers the input times their factor, Kling a 720p (standard) or 1080p (pro) MP4 of
 * the asked length.
 */
import { aspectOf, dimensions, imageAt, sizeFor, videoClip, type ImageFormat } from "./model-outputs";

type Field =
  | { type: "string"; enum?: readonly string[] }
  /** A file: an http(s) URL Replicate can fetch, or a data URL. */
  | { type: "file" }
  | { type: "files"; maxItems: number }
  | { type: "integer" | "number"; minimum?: number; maximum?: number; enum?: readonly number[] }
  | { type: "boolean" };

type Input = Record<string, unknown>;
export type Resolve = (value: unknown) => Buffer | null;

export interface ModelSchema {
  properties: Record<string, Field>;
  required: readonly string[];
  /** Rules between fields the schema's descriptions state. */
  check?: (input: Input) => string | null;
  /** The model's output for this input: one file. */
  produce(input: Input, resolve: Resolve): Promise<Buffer>;
}

const EDIT_RATIOS = [
  "match_input_image",
  "1:1",
  "16:9",
  "9:16",
  "4:3",
  "3:4",
  "3:2",
  "2:3",
  "4:5",
  "5:4",
  "21:9",
  "9:21",
  "2:1",
  "1:2",
] as const;
const BANANA_RATIOS = ["match_input_image", "1:1", "2:3", "3:2", "3:4", "4:3", "4:5", "5:4", "9:16", "16:9", "21:9"] as const;

const text = { type: "string" } as const;
const file = { type: "file" } as const;
const seed = { type: "integer" } as const;
const bool = { type: "boolean" } as const;
const oneOf = (values: readonly string[]) => ({ type: "string", enum: values }) as const;
const firstOf = (value: unknown, resolve: Resolve) => resolve(Array.isArray(value) ? value[0] : value);

/** An instruction edit at about `megapixels`, in the asked aspect ratio. */
async function edited(source: Buffer | null, ratio: string, megapixels: number, format: ImageFormat): Promise<Buffer> {
  const { width, height } = sizeFor(megapixels, await aspectOf(ratio, source));
  return imageAt(source, width, height, format);
}

async function scaled(source: Buffer, factor: number, format: ImageFormat): Promise<Buffer> {
  const { width, height } = await dimensions(source);
  return imageAt(source, Math.round(width * factor), Math.round(height * factor), format);
}

const kontext: ModelSchema = {
  properties: {
    prompt: text,
    input_image: file,
    aspect_ratio: oneOf(EDIT_RATIOS),
    seed,
    output_format: oneOf(["jpg", "png"]),
    safety_tolerance: { type: "integer", minimum: 0, maximum: 6 },
    prompt_upsampling: bool,
  },
  required: ["prompt"],
  check: (input) =>
    input.input_image !== undefined && Number(input.safety_tolerance ?? 2) > 2
      ? "safety_tolerance: 2 is the maximum allowed with input images"
      : null,
  produce: async (input, resolve) =>
    edited(resolve(input.input_image), String(input.aspect_ratio ?? "match_input_image"), 1, (input.output_format as ImageFormat) ?? "png"),
};

const BANANA_MEGAPIXELS: Record<string, number> = { "1K": 1, "2K": 4, "4K": 16 };

const banana = (maxItems: number, pro: boolean): ModelSchema => ({
  properties: {
    prompt: text,
    image_input: { type: "files", maxItems },
    aspect_ratio: oneOf(BANANA_RATIOS),
    output_format: oneOf(["jpg", "png"]),
    ...(pro
      ? {
          resolution: oneOf(["1K", "2K", "4K"]),
          safety_filter_level: oneOf(["block_low_and_above", "block_medium_and_above", "block_only_high"]),
        }
      : {}),
  },
  required: ["prompt"],
  produce: async (input, resolve) =>
    edited(
      firstOf(input.image_input, resolve),
      String(input.aspect_ratio ?? "match_input_image"),
      BANANA_MEGAPIXELS[String(input.resolution ?? (pro ? "2K" : "1K"))],
      (input.output_format as ImageFormat) ?? "jpg",
    ),
});

const FLUX2_MEGAPIXELS: Record<string, number> = { "0.5 MP": 0.5, "1 MP": 1, "2 MP": 2, "4 MP": 4 };

const flux2: ModelSchema = {
  properties: {
    prompt: text,
    input_images: { type: "files", maxItems: 8 },
    aspect_ratio: oneOf(["match_input_image", "custom", "1:1", "16:9", "3:2", "2:3", "4:5", "5:4", "9:16", "3:4", "4:3"]),
    resolution: oneOf(["match_input_image", "0.5 MP", "1 MP", "2 MP", "4 MP"]),
    width: { type: "integer", minimum: 256, maximum: 2048 },
    height: { type: "integer", minimum: 256, maximum: 2048 },
    safety_tolerance: { type: "integer", minimum: 1, maximum: 5 },
    seed,
    output_format: oneOf(["webp", "jpg", "png"]),
    output_quality: { type: "integer", minimum: 0, maximum: 100 },
  },
  required: ["prompt"],
  produce: async (input, resolve) => {
    const source = firstOf(input.input_images, resolve);
    const resolution = String(input.resolution ?? "1 MP");
    const megapixels =
      resolution === "match_input_image" && source
        ? Math.min(4, Math.max(0.5, Object.values(await dimensions(source)).reduce((a, b) => a * b) / 1e6))
        : (FLUX2_MEGAPIXELS[resolution] ?? 1);
    return edited(source, String(input.aspect_ratio ?? "1:1"), megapixels, (input.output_format as ImageFormat) ?? "webp");
  },
};

const fill: ModelSchema = {
  properties: {
    image: file,
    mask: file,
    prompt: text,
    steps: { type: "integer", minimum: 15, maximum: 50 },
    guidance: { type: "number", minimum: 1.5, maximum: 100 },
    outpaint: oneOf([
      "None",
      "Zoom out 1.5x",
      "Zoom out 2x",
      "Make square",
      "Left outpaint",
      "Right outpaint",
      "Top outpaint",
      "Bottom outpaint",
    ]),
    seed,
    output_format: oneOf(["jpg", "png"]),
    safety_tolerance: { type: "integer", minimum: 1, maximum: 6 },
    prompt_upsampling: bool,
  },
  required: ["image", "prompt"],
  produce: async (input, resolve) => {
    const source = resolve(input.image)!;
    const { width, height } = await dimensions(source);
    return imageAt(
      source,
      Math.max(32, Math.floor(width / 32) * 32),
      Math.max(32, Math.floor(height / 32) * 32),
      (input.output_format as ImageFormat) ?? "jpg",
    );
  },
};

const TOPAZ_FACTORS: Record<string, number> = { None: 1, "2x": 2, "4x": 4, "6x": 6 };

const topaz: ModelSchema = {
  properties: {
    image: file,
    enhance_model: oneOf(["Standard V2", "Low Resolution V2", "CGI", "High Fidelity V2", "Text Refine"]),
    upscale_factor: oneOf(["None", "2x", "4x", "6x"]),
    output_format: oneOf(["jpg", "png"]),
    subject_detection: oneOf(["None", "All", "Foreground", "Background"]),
    face_enhancement: bool,
    face_enhancement_strength: { type: "number", minimum: 0, maximum: 1 },
    face_enhancement_creativity: { type: "number", minimum: 0, maximum: 1 },
  },
  required: ["image"],
  produce: async (input, resolve) =>
    scaled(resolve(input.image)!, TOPAZ_FACTORS[String(input.upscale_factor ?? "None")], (input.output_format as ImageFormat) ?? "jpg"),
};

const kling: ModelSchema = {
  properties: {
    prompt: text,
    negative_prompt: text,
    start_image: file,
    end_image: file,
    mode: oneOf(["standard", "pro"]),
    duration: { type: "integer", enum: [5, 10] },
  },
  required: ["prompt", "start_image"],
  check: (input) => (input.end_image !== undefined && input.mode !== "pro" ? "end_image: an end frame needs mode pro" : null),
  produce: async (input) =>
    input.mode === "pro" ? videoClip(1920, 1080, Number(input.duration ?? 5)) : videoClip(1280, 720, Number(input.duration ?? 5)),
};

const esrgan: ModelSchema = {
  properties: { image: file, scale: { type: "number", minimum: 0, maximum: 10 }, face_enhance: bool },
  required: ["image"],
  produce: async (input, resolve) => scaled(resolve(input.image)!, Number(input.scale ?? 4), "png"),
};

/** The official models of docs/providers.md, served on the model path (POST /v1/models/{owner}/{name}/predictions). */
export const OFFICIAL_MODELS: Record<string, ModelSchema> = {
  "black-forest-labs/flux-kontext-pro": kontext,
  "black-forest-labs/flux-kontext-max": kontext,
  "black-forest-labs/flux-2-pro": flux2,
  "black-forest-labs/flux-fill-pro": fill,
  "google/nano-banana": banana(10, false),
  "google/nano-banana-pro": banana(14, true),
  "topazlabs/image-upscale": topaz,
  "kwaivgi/kling-v2.1": kling,
};

/** Community model versions, served only by version id (POST /v1/predictions). */
export const COMMUNITY_VERSIONS: Record<string, { model: string; schema: ModelSchema }> = {
  f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa: { model: "nightmareai/real-esrgan", schema: esrgan },
};

/**
 * The problems Replicate lists in a 422's `detail`, one `- input…: …` line each: unknown
 * keys, missing required fields, wrong types, values outside an enumeration or range,
 * files that cannot be read.
 */
export function inputProblems(schema: ModelSchema, input: Input, resolve: Resolve): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(input))
    if (!(key in schema.properties)) problems.push(`- input: Additional property ${key} is not allowed`);
  for (const key of schema.required) if (input[key] === undefined) problems.push(`- input: ${key} is required`);
  for (const [key, field] of Object.entries(schema.properties)) {
    const value = input[key];
    if (value === undefined) continue;
    const problem = fieldProblem(field, value, resolve);
    if (problem) problems.push(`- input.${key}: ${problem}`);
  }
  const rule = problems.length === 0 ? schema.check?.(input) : null;
  if (rule) problems.push(`- input.${rule}`);
  return problems;
}

function fieldProblem(field: Field, value: unknown, resolve: Resolve): string | null {
  switch (field.type) {
    case "string":
      if (typeof value !== "string") return "Invalid type. Expected: string";
      return field.enum && !field.enum.includes(value)
        ? `must be one of the following: ${field.enum.map((v) => `"${v}"`).join(", ")}`
        : null;
    case "file":
      return resolve(value) ? null : "Does not match format 'uri' (a file URL or data URL Replicate can read)";
    case "files":
      if (!Array.isArray(value)) return "Invalid type. Expected: array";
      if (value.length > field.maxItems) return `Array must have at most ${field.maxItems} items`;
      return value.every((item) => resolve(item)) ? null : "Does not match format 'uri' (a file URL or data URL Replicate can read)";
    case "integer":
    case "number":
      if (typeof value !== "number" || (field.type === "integer" && !Number.isInteger(value)))
        return `Invalid type. Expected: ${field.type}`;
      if (field.enum && !field.enum.includes(value)) return `must be one of the following: ${field.enum.join(", ")}`;
      if (field.minimum !== undefined && value < field.minimum) return `Must be greater than or equal to ${field.minimum}`;
      if (field.maximum !== undefined && value > field.maximum) return `Must be less than or equal to ${field.maximum}`;
      return null;
    case "boolean":
      return typeof value === "boolean" ? null : "Invalid type. Expected: boolean";
  }
}
