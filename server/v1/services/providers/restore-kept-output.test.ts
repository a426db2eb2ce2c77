/**
 * The kept-areas guarantee (D17) for every provider that redesigns: the local provider and
 * the hosted models behind the Replicate contract double (the instruction editor for one
 * photo, the multi-reference models for a multi-view sibling). Inside the kept areas shrunk
 * by the seam, every output pixel is the photo's, bit for bit, before the output is
 * encoded, and within the encoder's rounding in the file that is stored; outside them the
 * output is the model's.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEPT_AREAS, keptAt } from "@/server/images/kept-areas";
import { keptSourceOf } from "@/server/images/restore-kept";
import { decodeRgb, type RgbImage } from "@/server/images/raw-image";
import { sharp } from "@/server/images/sharp";
import { localRedesignProvider } from "@/server/providers/local/redesign";
import { replicateRedesignProvider } from "@/server/providers/replicate/redesign";
import { databaseTaskLedger } from "@/server/providers/task-ledger";
import type { RedesignParams, RedesignProvider } from "@/server/providers/types";
import { startReplicateDouble, type ReplicateDouble } from "@/test/doubles/replicate";
import { keepMaskPng, shrunkBy } from "@/test/keep-masks";
import { redesignChecked } from "./redesign-checked";
import { restoreKeptFile } from "./restore-kept-output";
import { LIVING_ROOM_STAGING } from "@/test/redesign-params";

/** Two windows of the development set's living room, as an agent would mark them. */
const WINDOWS: [number, number, number, number][] = [
  [0.04, 0.08, 0.3, 0.62],
  [0.62, 0.05, 0.97, 0.55],
];

let double: ReplicateDouble;
let photo: Buffer;
let source: RgbImage;
let mask: Buffer;
let inner: Uint8Array;

beforeAll(async () => {
  double = await startReplicateDouble();
  photo = await sharp(readFileSync("samples/structure-dev-set/real/armentrout-living.jpg")).resize(900).jpeg({ quality: 90 }).toBuffer();
  source = await decodeRgb(photo);
  mask = await keepMaskPng(600, Math.round((600 * source.height) / source.width), WINDOWS);
  inner = shrunkBy(await keptAt(mask, source.width, source.height), source.width, source.height, KEPT_AREAS.seam);
});
afterAll(() => double.close());

const hosted = (single: string, multi: string) =>
  replicateRedesignProvider(
    { baseUrl: double.baseUrl, token: double.token, timeoutMs: 30_000, pollIntervalMs: 5, ledger: databaseTaskLedger },
    { single, multi },
  );

/** Each provider, and how it is called: a multi-view sibling goes to the multi-reference model with the anchor's output. */
const PROVIDERS: [string, () => RedesignProvider, Partial<RedesignParams>][] = [
  ["local staging", () => localRedesignProvider, {}],
  ["local declutter", () => localRedesignProvider, { type: "declutter", style: null }],
  ["FLUX Kontext (one photo)", () => hosted("black-forest-labs/flux-kontext-pro", "google/nano-banana"), {}],
  [
    "nano-banana (a multi-view sibling)",
    () => hosted("black-forest-labs/flux-kontext-pro", "google/nano-banana"),
    { styleReference: readFileSync("samples/structure-dev-set/real/armentrout-living.out.jpg") },
  ],
  [
    "FLUX 2 (a multi-view sibling)",
    () => hosted("black-forest-labs/flux-kontext-pro", "black-forest-labs/flux-2-pro"),
    { styleReference: readFileSync("samples/structure-dev-set/real/armentrout-living.out.jpg") },
  ],
];

/** The photo's part that an output re-framed by the model shows ([x0, y0, x1, y1] in the photo's pixels), and the kept areas there. */
function within(
  image: RgbImage,
  map: Uint8Array,
  rect: { x0: number; y0: number; x1: number; y1: number },
): { image: RgbImage; map: Uint8Array } {
  const width = rect.x1 - rect.x0,
    height = rect.y1 - rect.y0;
  const data = Buffer.alloc(width * height * 3),
    cut = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    image.data.copy(data, y * width * 3, ((rect.y0 + y) * image.width + rect.x0) * 3, ((rect.y0 + y) * image.width + rect.x1) * 3);
    cut.set(map.subarray((rect.y0 + y) * image.width + rect.x0, (rect.y0 + y) * image.width + rect.x1), y * width);
  }
  return { image: { data, width, height }, map: cut };
}

/** Pixels of `where` whose channels differ between a and b, and the largest and mean difference there. */
function compare(a: RgbImage, b: RgbImage, where: Uint8Array): { differing: number; max: number; mean: number; count: number } {
  let differing = 0,
    max = 0,
    sum = 0,
    count = 0;
  for (let p = 0; p < where.length; p++) {
    if (!where[p]) continue;
    count++;
    let moved = false;
    for (let c = p * 3; c < p * 3 + 3; c++) {
      const d = Math.abs(a.data[c] - b.data[c]);
      if (d) moved = true;
      max = Math.max(max, d);
      sum += d / 3;
    }
    if (moved) differing++;
  }
  return { differing, max, mean: sum / count, count };
}

describe("kept areas, provider by provider", () => {
  for (const [name, provider, params] of PROVIDERS) {
    it(`${name}: the photo's pixels bit for bit before encoding, within the encoder's rounding in the file`, async () => {
      const made = await provider().redesign({ bytes: photo, contentType: "image/jpeg" }, { ...LIVING_ROOM_STAGING, ...params });
      const output = await decodeRgb(made.outputs[0].bytes);
      // What the provider made differs from the photo in the kept areas: the paste is what makes them equal.
      expect(compare(output, source, inner).differing).toBeGreaterThan(1000);

      const restored = await restoreKeptFile(keptSourceOf(photo, mask), made.outputs[0]);
      if (!restored.restored) throw new Error(restored.reason);
      // The hosted models answer at about 1 MP in sides of multiples of 16, a hair off the photo's aspect ratio: the output shows a few pixels less of it.
      const { image: photoPart, map: keptPart } = within(source, inner, restored.rect);
      expect([restored.pixels.width, restored.pixels.height]).toEqual([photoPart.width, photoPart.height]);
      expect(photoPart.width).toBeGreaterThan(source.width * 0.98);
      const beforeEncoding = compare(restored.pixels, photoPart, keptPart);
      expect(beforeEncoding.count).toBeGreaterThan(50_000);
      expect(beforeEncoding.differing).toBe(0);
      // Outside the kept areas the model's image is left as it made it, when it was not moved to be put back into the photo's frame.
      if (restored.rect.x1 - restored.rect.x0 === source.width) {
        const outside = (await keptAt(mask, source.width, source.height)).map((k) => 1 - k);
        expect(compare(restored.pixels, output, outside).differing).toBe(0);
      }

      // The stored file: a JPEG at quality 92 without chroma subsampling rounds each channel by a few levels.
      expect(restored.file.contentType).toBe("image/jpeg");
      const inFile = compare(await decodeRgb(restored.file.bytes), photoPart, keptPart);
      expect(inFile.mean).toBeLessThan(1.5);
      expect(inFile.max).toBeLessThanOrEqual(24);
    });
  }

  it("goes through the generation path: the delivered output is the restored one, and the model was told what is kept", async () => {
    double.requests.length = 0;
    const { result, check, kept } = await redesignChecked(
      hosted("black-forest-labs/flux-kontext-pro", "google/nano-banana"),
      { bytes: photo, contentType: "image/jpeg" },
      LIVING_ROOM_STAGING,
      mask,
    );
    expect(check?.verdict).toBeDefined();
    expect(kept).toHaveLength(2);
    const delivered = await decodeRgb(result.outputs[0].bytes);
    // Put back into the photo's frame: the part of it the model drew, centred.
    const rect = { x0: Math.floor((source.width - delivered.width) / 2), y0: Math.floor((source.height - delivered.height) / 2) };
    const part = within(source, inner, { ...rect, x1: rect.x0 + delivered.width, y1: rect.y0 + delivered.height });
    expect(compare(delivered, part.image, part.map).mean).toBeLessThan(1.5);
    const create = double.requests.find((r) => r.method === "POST" && r.path.endsWith("/predictions"))!;
    expect((create.body as { input: { prompt: string } }).input.prompt).toMatch(
      /The areas at the upper right and middle left of the photo are kept exactly/,
    );
  });

  it("delivers an output that cannot be lined up with the photo as the model made it, marked for review with the reason", async () => {
    const otherRoom = readFileSync("samples/structure-dev-set/real/homestaging-hall.jpg");
    const elsewhere: RedesignProvider = {
      name: "double",
      redesign: async () => ({
        provider: "double",
        statusUrl: "https://models.example/1",
        outputs: [{ bytes: otherRoom, contentType: "image/jpeg" }],
      }),
    };
    const { result, check, kept } = await redesignChecked(
      elsewhere,
      { bytes: photo, contentType: "image/jpeg" },
      LIVING_ROOM_STAGING,
      mask,
    );
    expect(result.outputs[0].bytes.equals(otherRoom)).toBe(true);
    expect(kept).toBeNull();
    expect(check).toMatchObject({
      verdict: "review",
      summary: expect.stringMatching(/could not be lined up with the photo .* so the areas kept from the photo were not restored/),
      zones: [{ zone: "kept areas", region: null }],
    });
  });
});
