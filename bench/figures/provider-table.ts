/**
 * Figure 5: each local-provider operation on a 1024×768 and a 4000×3000 photo, one child
 * process per run: its time, and its peak memory (max RSS from /usr/bin/time -v, which
 * also covers ffmpeg for video; else the child's own maxRSS). The baseline of each row is
 * the floor every image operation pays: decoding the photo and encoding a JPEG q90.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { OPERATIONS } from "../children/operations";
import { boxMask, sizeLabel, type Size } from "../lib/images";
import type { Figure } from "../lib/report";
import { BENCH_DATA_DIR, benchEnv, ROOT } from "../lib/settings";
import { mb, ratio, seconds, times } from "../lib/stats";
import { PHOTO_SIZES, photoFile, type PhotoName } from "./context";

const run = promisify(execFile);
const TIME = "/usr/bin/time";
const SIZES: PhotoName[] = ["small", "large"];

interface OpRun {
  ms: number;
  maxRssBytes: number;
  output: string;
}

async function runOperation(operation: string, photo: string, mask: string): Promise<OpRun> {
  const script = [process.execPath, "--import", "tsx", path.join(ROOT, "bench/children/provider-op.ts"), operation, photo, mask];
  const withTime = fs.existsSync(TIME);
  const { stdout, stderr } = withTime
    ? await run(TIME, ["-v", ...script], { cwd: ROOT, env: benchEnv(), maxBuffer: 16 * 1024 * 1024 })
    : await run(script[0], script.slice(1), { cwd: ROOT, env: benchEnv(), maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout.trim().split("\n").pop()!);
  const timeRss = Number(stderr.match(/Maximum resident set size \(kbytes\): (\d+)/)?.[1] ?? 0) * 1024;
  return { ms: result.ms, maxRssBytes: timeRss || result.selfMaxRssBytes, output: result.output };
}

export async function providerTable(photos: Record<string, Buffer>): Promise<Figure> {
  const dir = path.join(BENCH_DATA_DIR, "photos");
  fs.mkdirSync(dir, { recursive: true });
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const name of SIZES) {
    const size: Size = PHOTO_SIZES[name];
    const photo = path.join(dir, photoFile(name));
    const mask = path.join(dir, `mask-${name}.png`);
    fs.writeFileSync(photo, photos[photoFile(name)]);
    fs.writeFileSync(mask, await boxMask(size));
    let floor: OpRun | null = null;
    for (const operation of OPERATIONS) {
      try {
        const result = await runOperation(operation, photo, mask);
        floor ??= result;
        rows.push([
          `${operation}, ${sizeLabel(size)}`,
          `${seconds(floor.ms)}, ${mb(floor.maxRssBytes)}`,
          `${seconds(result.ms)}, ${mb(result.maxRssBytes)}`,
          operation === "decode+encode" ? "—" : `${times(ratio(result.ms, floor.ms))} time`,
          result.output,
        ]);
      } catch (error) {
        rows.push([`${operation}, ${sizeLabel(size)}`, "—", "failed", "—", ""]);
        notes.push(`${operation} on ${sizeLabel(size)} failed: ${(error as Error).message.split("\n").slice(-3).join(" ")}`);
      }
    }
  }
  notes.push(
    fs.existsSync(TIME)
      ? "Peak memory: max RSS from /usr/bin/time -v (the largest process, node or ffmpeg)."
      : "Peak memory: the child's own maxRSS (/usr/bin/time is missing; ffmpeg's memory is not included).",
  );
  return {
    id: 5,
    title: "Local provider: time and peak memory per operation",
    method:
      "One run per cell, each in a fresh child process (node --import tsx); time excludes module loading, includes first-use setup (OpenCV WASM). Photos: the synthetic room with grain, JPEG q90; inpaint masks the box on the floor.",
    columns: ["operation", "baseline: decode+encode (time, peak RSS)", "Atrium local provider (time, peak RSS)", "ratio", "output"],
    rows,
    targets: [],
    notes,
  };
}
