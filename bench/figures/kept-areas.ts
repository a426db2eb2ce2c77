/**
 * Figure 18: pasting the areas an agent keeps (D17) into a 4000×3000 output, what every
 * redesign output with a keep mask waits for before the structure check and the store
 * (server/images/kept-areas.ts). The real photo of figure 11 scaled to 4000×3000, a keep
 * mask over its door and windows and a fireplace's place (a fifth of the frame), against
 * the local provider's staging of it (the same frame: aligned, nothing warped) and against
 * that staging zoomed in by 3 % and cropped back (a re-framing: the output warped into the
 * photo's frame first). Timed from decoded pixels to pasted pixels: the two 512-px decodes
 * the alignment's fit works on, the fit, the mask scaled, the seam and the paste; the
 * full-size decodes and the encode every output pays anyway are the baseline, beside.
 * In the bench's own process, alternating, after a first call; the process's CPU time over
 * the compositing is reported beside the wall clock.
 */
import fs from "node:fs";
import path from "node:path";
import { FEATURE_SIDE } from "@/server/images/frame-alignment";
import { restoreKeptAreas } from "@/server/images/kept-areas";
import { decodeRgb, type RgbImage } from "@/server/images/raw-image";
import { sharp } from "@/server/images/sharp";
import { localRedesignProvider } from "@/server/providers/local/redesign";
import type { Figure } from "../lib/report";
import { ROOT } from "../lib/settings";
import { median, ms, percentile, timed } from "../lib/stats";

const RUNS = 11;
const TARGET_MS = 150;
const REAL_PHOTO = "samples/structure-dev-set/decor8-hall.jpg";
/** What an agent would keep in the hall: its door, the window and a fireplace's place, as [x0, y0, x1, y1]. */
const KEPT: [number, number, number, number][] = [
  [0.55, 0.2, 0.75, 0.85],
  [0.1, 0.15, 0.3, 0.5],
  [0.3, 0.55, 0.45, 0.8],
];

function maskPng(width: number, height: number): Promise<Buffer> {
  const rects = KEPT.map(
    ([x0, y0, x1, y1]) =>
      `<rect x="${x0 * width}" y="${y0 * height}" width="${(x1 - x0) * width}" height="${(y1 - y0) * height}" fill="#fff"/>`,
  ).join("");
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/>${rects}</svg>`,
    ),
  )
    .png()
    .toBuffer();
}

const encode = (image: RgbImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality: 92, chromaSubsampling: "4:4:4" })
    .toBuffer();

export async function keptAreasTime(): Promise<Figure> {
  const photo = await sharp(fs.readFileSync(path.join(ROOT, REAL_PHOTO)))
    .resize(4000, 3000, { fit: "fill" })
    .jpeg({ quality: 90 })
    .toBuffer();
  const params = {
    type: "staging" as const,
    roomType: "living_room",
    style: "modern",
    color: null,
    intensity: 0.8,
    environment: "interior" as const,
    maskPrompt: null,
    inspiration: null,
    styleReference: null,
    variant: 0,
  };
  const staged = (await localRedesignProvider.redesign({ bytes: photo, contentType: "image/jpeg" }, params)).outputs[0].bytes;
  const zoomed = await sharp(staged)
    .resize(4120, 3090)
    .extract({ left: 60, top: 45, width: 4000, height: 3000 })
    .jpeg({ quality: 90 })
    .toBuffer();
  const mask = await maskPng(1024, 768);
  const source = await decodeRgb(photo);
  const cases = [
    { name: "staging, same frame", output: staged },
    { name: "staging re-framed (zoomed 3 %)", output: zoomed },
  ];
  const rows: string[][] = [];
  const targets = [];
  let first: number | null = null;
  for (const c of cases) {
    const output = await decodeRgb(c.output);
    // As restore-kept-output.ts does it: the two images also decoded small (shrunk on load) for the alignment's fit.
    const paste = async () => {
      const [sourceSmall, outputSmall] = await Promise.all([decodeRgb(photo, FEATURE_SIDE), decodeRgb(c.output, FEATURE_SIDE)]);
      return restoreKeptAreas(source, output, mask, { source: sourceSmall, output: outputSmall });
    };
    first ??= (await timed(paste)).ms;
    const [pasting, cpu, decodes, encodes]: number[][] = [[], [], [], []];
    let restored: Awaited<ReturnType<typeof paste>> | null = null;
    for (let i = 0; i < RUNS; i++) {
      decodes.push((await timed(() => Promise.all([decodeRgb(photo), decodeRgb(c.output)]))).ms);
      const before = process.cpuUsage();
      const run = await timed(paste);
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
      pasting.push(run.ms);
      restored = run.value;
      if (restored.restored) {
        const image = restored.image;
        encodes.push((await timed(() => encode(image))).ms);
      }
    }
    const framing = restored?.restored
      ? restored.reframing
        ? `warped, ${restored.image.width}×${restored.image.height}`
        : "same frame"
      : `not aligned: ${restored?.reason}`;
    rows.push([
      c.name,
      `${ms(median(decodes))} + ${ms(median(encodes))}`,
      `${ms(median(pasting))} (p90 ${ms(percentile(pasting, 90))})`,
      ms(median(cpu)),
      framing,
    ]);
    targets.push({
      name: `${c.name}: compositing`,
      met: median(pasting) < TARGET_MS,
      detail: `median ${ms(median(pasting))} over ${RUNS} runs (target < ${ms(TARGET_MS)})`,
    });
  }
  return {
    id: 18,
    title: "Kept areas",
    method: `restoreKeptAreas on a 4000×3000 photo and an output of it with three kept areas (a fifth of the frame), with the two 512-px decodes its fit needs, ${RUNS} runs alternating with the baseline (decoding both at full size, then encoding the result as the store does), in the bench process after a first call.`,
    columns: ["output", "baseline (decodes + encode)", "compositing (align + paste)", "its CPU time", "framing"],
    rows,
    targets,
    notes: [
      `First call in the process (loads OpenCV): ${ms(first ?? Number.NaN)}.`,
      "CPU time: user and system time of the bench's process over the compositing (libvips' threads included), which a machine shared with other work inflates less than the wall clock.",
    ],
  };
}
