/**
 * Figure 11: the structure check on a 4000×3000 pair, the time a staging output waits
 * for its verdict before it is stored (docs/structure-check.md). Two pairs: the bench's
 * made-up room and a real photo of the development set scaled to 4000×3000, each against
 * the local provider's staging of it. Runs in the bench's own process, alternating with
 * the baseline: the two decodes the check cannot do without (output and source shrunk
 * on load to its working sizes). The first call of a process, which also loads OpenCV
 * and compiles the pixel loops, is reported apart.
 */
import { decodeRgb } from "@/server/images/raw-image";
import { checkStructure } from "@/server/images/structure-check";
import type { Figure } from "../lib/report";
import { benchRealPhoto, stagedLocally } from "../lib/images";
import { median, ms, pairedRatio, percentile, times, timed } from "../lib/stats";
import { photoFile } from "./context";

const RUNS = 11;
const TARGET_MS = 1000;

export async function structureCheckTime(photos: Record<string, Buffer>): Promise<Figure> {
  const real = await benchRealPhoto({ width: 4000, height: 3000 });
  const pairs = [
    { name: "made-up room, 4000×3000", source: photos[photoFile("large")] },
    { name: "real photo (decor8-hall), 4000×3000", source: real },
  ];
  const rows: string[][] = [];
  const targets = [];
  let first: number | null = null;
  for (const pair of pairs) {
    const output = await stagedLocally(pair.source);
    const check = () => checkStructure(pair.source, output, { roomType: "living_room" });
    const decodes = () => Promise.all([decodeRgb(output, 256), decodeRgb(pair.source, 512)]);
    first ??= (await timed(check)).ms;
    const [atrium, baseline]: number[][] = [[], []];
    for (let i = 0; i < RUNS; i++) {
      baseline.push((await timed(decodes)).ms);
      atrium.push((await timed(check)).ms);
    }
    const verdict = (await check()).verdict;
    rows.push([
      pair.name,
      ms(median(baseline)),
      `${ms(median(atrium))} (p90 ${ms(percentile(atrium, 90))})`,
      times(pairedRatio(atrium, baseline)),
      verdict,
    ]);
    targets.push({
      name: `${pair.name}: check time`,
      met: median(atrium) < TARGET_MS,
      detail: `median ${ms(median(atrium))} over ${RUNS} runs (target < ${ms(TARGET_MS)})`,
    });
  }
  return {
    id: 11,
    title: "Structure check",
    method: `checkStructure on a 4000×3000 source and the local provider's staging of it, ${RUNS} runs alternating with the baseline (the two decodes at the check's working sizes), in the bench process after a first call.`,
    columns: ["pair", "baseline (decodes)", "check", "ratio", "verdict"],
    rows,
    targets,
    notes: [`First call in the process (loads OpenCV, compiles the pixel loops): ${ms(first ?? Number.NaN)}.`],
  };
}
