/**
 * Figure 18: pasting the areas an agent keeps (D17) into a 4000×3000 output, what every
 * redesign output with a keep mask goes through before the structure check and the store
 * (server/images/restore-kept.ts). The real photo of figure 11 scaled to 4000×3000, a keep
 * mask over its door and windows and a fireplace's place (a fifth of the frame), against
 * the local provider's staging of it (the same frame: aligned, nothing warped) and against
 * that staging zoomed in by 3 % and cropped back (a re-framing: the output warped into the
 * photo's frame first). Timed as redesign outputs run it (restoreKeptFile: decodes,
 * compositing, encode), less the decodes and the encode the figure has always left out of
 * the compositing (the photo and the output decoded at full size, the output encoded),
 * paired run by run. In the bench's own process, after a first call; the process's CPU
 * time is reported beside the wall clock.
 */
import { keptSourceOf } from "@/server/images/restore-kept";
import { decodeRgb, type RgbImage } from "@/server/images/raw-image";
import { sharp } from "@/server/images/sharp";
import { KEPT_JPEG_QUALITY, restoreKeptFile, type RestoredFile } from "@/server/v1/services/providers/restore-kept-output";
import { keepMaskPng } from "@/test/keep-masks";
import type { Figure } from "../lib/report";
import { benchRealPhoto, stagedLocally } from "../lib/images";
import { median, ms, percentile, timed } from "../lib/stats";

const RUNS = 11;
const TARGET_MS = 150;
/** What an agent would keep in the hall: its door, the window and a fireplace's place, as [x0, y0, x1, y1]. */
const KEPT: [number, number, number, number][] = [
  [0.55, 0.2, 0.75, 0.85],
  [0.1, 0.15, 0.3, 0.5],
  [0.3, 0.55, 0.45, 0.8],
];

/** The result encoded as the store gets it (restore-kept-output.ts). */
const encode = (image: RgbImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality: KEPT_JPEG_QUALITY, chromaSubsampling: "4:4:4" })
    .toBuffer();

export async function keptAreasTime(): Promise<Figure> {
  const photo = await benchRealPhoto({ width: 4000, height: 3000 });
  const staged = await stagedLocally(photo);
  const zoomed = await sharp(staged)
    .resize(4120, 3090)
    .extract({ left: 60, top: 45, width: 4000, height: 3000 })
    .jpeg({ quality: 90 })
    .toBuffer();
  const mask = await keepMaskPng(1024, 768, KEPT);
  const cases = [
    { name: "staging, same frame", output: staged },
    { name: "staging re-framed (zoomed 3 %)", output: zoomed },
  ];
  const rows: string[][] = [];
  const targets = [];
  const first = (await timed(() => restoreKeptFile(keptSourceOf(photo, mask), { bytes: staged, contentType: "image/jpeg" }))).ms;
  for (const c of cases) {
    const output = { bytes: c.output, contentType: "image/jpeg" };
    // What the figure leaves out of the compositing: the photo and the output decoded at full size (the output alone for a job's further outputs), the result encoded.
    const [jobExtra, furtherExtra, jobCpu, baselines]: number[][] = [[], [], [], []];
    let restored: RestoredFile | null = null;
    for (let i = 0; i < RUNS; i++) {
      const baseline = await timed(async () => encode((await Promise.all([decodeRgb(photo), decodeRgb(c.output)]))[1]));
      const before = process.cpuUsage();
      const job = await timed(() => restoreKeptFile(keptSourceOf(photo, mask), output));
      const used = process.cpuUsage(before);
      const furtherBaseline = await timed(async () => encode(await decodeRgb(c.output)));
      const kept = await keptSourceOf(photo, mask);
      const further = await timed(() => restoreKeptFile(kept, output));
      baselines.push(baseline.ms);
      jobExtra.push(job.ms - baseline.ms);
      furtherExtra.push(further.ms - furtherBaseline.ms);
      jobCpu.push((used.user + used.system) / 1000);
      restored = job.value;
    }
    const framing = restored?.restored
      ? restored.pixels.width === 4000 && restored.pixels.height === 3000
        ? "same frame"
        : `warped, ${restored.pixels.width}×${restored.pixels.height}`
      : `not aligned: ${restored?.reason}`;
    rows.push([
      c.name,
      ms(median(baselines)),
      `${ms(median(jobExtra))} (p90 ${ms(percentile(jobExtra, 90))})`,
      ms(median(furtherExtra)),
      ms(median(jobCpu)),
      framing,
    ]);
    targets.push({
      name: `${c.name}: compositing`,
      met: median(jobExtra) < TARGET_MS,
      detail: `median ${ms(median(jobExtra))} of compositing for a job's one output, the photo's side included, over ${RUNS} runs (target < ${ms(TARGET_MS)}); ${ms(median(furtherExtra))} to each further output`,
    });
  }
  return {
    id: 18,
    title: "Kept areas",
    method: `restoreKeptFile as redesign outputs run it (restore-kept-output.ts): the photo's side (keptSourceOf: the photo decoded at full size and at 512 px, its corners, the mask's seams) under way while the output is decoded at both sizes and its corners found, then the fit, the warp when re-framed, the paste and the encode; a 4000×3000 photo and an output of it, three kept areas (a fifth of the frame). The compositing is its time less the baseline measured just before it (the photo and the output decoded at full size, the output encoded as the store does: pixel work the figure leaves out, though an output without kept areas is stored as the model made it), paired run by run; a further output of the same job reuses the photo's side, against the output's decode and encode alone. ${RUNS} runs, in the bench process after a first call.`,
    columns: [
      "output",
      "baseline (decodes + encode)",
      "compositing, a job's one output",
      "compositing, a further output",
      "the job's CPU time",
      "framing",
    ],
    rows,
    targets,
    notes: [
      `First call in the process (loads OpenCV): ${ms(first)}.`,
      "CPU time: user and system time of the bench's process over the whole one-output job (decodes and encode included, libvips' threads too); the compositing is wall clock, where the photo's side overlaps the decodes on the two cores.",
    ],
  };
}
