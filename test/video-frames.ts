/**
 * Frames sampled from an MP4 with ffmpeg, for tests that check what a video shows at a
 * given time (e.g. a burned-in disclosure label).
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import sharp from "sharp";

const execFileAsync = promisify(execFile);

/** The frame at `seconds` as a PNG. */
export async function frameAt(video: Buffer, seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "frame-"));
  try {
    const file = path.join(dir, "video.mp4");
    await writeFile(file, video);
    const { stdout } = await execFileAsync(
      ffmpegInstaller.path,
      ["-v", "error", "-ss", String(seconds), "-i", file, "-frames:v", "1", "-f", "image2pipe", "-vcodec", "png", "pipe:1"],
      {
        encoding: "buffer",
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The share (0–1) of a region's pixels darker than `below` (luminance 0–255); the region is given as fractions of the frame. */
export async function darkShare(
  png: Buffer,
  region: { left: number; top: number; width: number; height: number },
  below = 60,
): Promise<number> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const area = {
    left: Math.round(region.left * width),
    top: Math.round(region.top * height),
    width: Math.round(region.width * width),
    height: Math.round(region.height * height),
  };
  const pixels = await sharp(png).extract(area).greyscale().raw().toBuffer();
  return pixels.filter((value) => value < below).length / pixels.length;
}
