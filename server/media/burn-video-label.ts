/**
 * Burns an image (a disclosure label) into chosen stretches of an MP4: ffmpeg overlays
 * it with `enable` windows and re-encodes H.264, keeping the file's metadata (its
 * provenance tags) and moving the index to the front so it starts playing at once.
 * Needs the ffmpeg binary, so it runs only inside durable functions (server/media/ffmpeg.ts).
 */
import "server-only";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ffmpegPath } from "./ffmpeg";

export interface TimeWindow {
  from: number;
  to: number;
}

function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ["-hide_banner", ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

/** The video's frame size, from ffmpeg's description of its input (ffprobe is not deployed). */
export async function videoSize(file: string): Promise<{ width: number; height: number }> {
  const { stderr } = await run(["-i", file]);
  const match = /Stream #\d+:\d+.*Video:.*?\b(\d{2,5})x(\d{2,5})\b/.exec(stderr);
  if (!match) throw new Error(`no video stream found: ${stderr.slice(-300)}`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

/**
 * `overlay(size)` makes the PNG to burn and where it goes for a video of that size;
 * it is shown during `windows` (seconds) only.
 */
export async function burnVideoLabel(
  video: Buffer,
  overlay: (size: { width: number; height: number }) => Promise<{ png: Buffer; x: number; y: number }>,
  windows: readonly TimeWindow[],
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "atrium-video-label-"));
  try {
    const input = path.join(dir, "in.mp4");
    const label = path.join(dir, "label.png");
    const output = path.join(dir, "out.mp4");
    await writeFile(input, video);
    const { png, x, y } = await overlay(await videoSize(input));
    await writeFile(label, png);
    const enable = windows.map((w) => `between(t,${w.from.toFixed(3)},${w.to.toFixed(3)})`).join("+");
    const { code, stderr } = await run([
      "-v",
      "error",
      "-y",
      "-i",
      input,
      "-i",
      label,
      "-filter_complex",
      `[0:v][1:v]overlay=x=${x}:y=${y}:enable='${enable}',format=yuv420p[v]`,
      "-map",
      "[v]",
      "-map",
      "0:a?",
      "-map_metadata",
      "0",
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-crf",
      "20",
      "-c:a",
      "copy",
      "-movflags",
      "+faststart",
      output,
    ]);
    if (code !== 0) throw new Error(`ffmpeg could not label the video: ${stderr.slice(-500)}`);
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
