/**
 * What the contract doubles answer when a test scripts no output: files of the size and
 * kind the real model makes (an image of about its megapixels, a real H.264 clip of its
 * resolution and length), made from the request's own image so the content stays the
 * room that was sent, never the input echoed back at its own size.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import sharp from "sharp";

export type ImageFormat = "jpg" | "png" | "webp";

/** A neutral room-coloured picture, for a text-only request. */
function blank(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: "#b8b2a7" } })
    .png()
    .toBuffer();
}

/** `source` redrawn at exactly `width` × `height` in `format`. */
export async function imageAt(source: Buffer | null, width: number, height: number, format: ImageFormat): Promise<Buffer> {
  const image = sharp(source ?? (await blank()))
    .autoOrient()
    .resize(width, height, { fit: "fill" });
  if (format === "png") return image.png({ compressionLevel: 2 }).toBuffer();
  if (format === "webp") return image.webp({ quality: 80, effort: 0 }).toBuffer();
  return image.jpeg({ quality: 90 }).toBuffer();
}

/** The size of about `megapixels` at `aspect` (width / height), each side a multiple of `step`. */
export function sizeFor(megapixels: number, aspect: number, step = 16): { width: number; height: number } {
  const height = Math.sqrt((megapixels * 1_000_000) / aspect);
  const round = (value: number) => Math.max(step, Math.round(value / step) * step);
  return { width: round(height * aspect), height: round(height) };
}

/** Width / height of an "W:H" ratio, or of `source` for `match_input_image`. */
export async function aspectOf(ratio: string, source: Buffer | null): Promise<number> {
  const match = /^(\d+):(\d+)$/.exec(ratio);
  if (match) return Number(match[1]) / Number(match[2]);
  if (!source) return 1;
  const { width = 1, height = 1 } = await sharp(source).autoOrient().metadata();
  return width / height;
}

export async function dimensions(source: Buffer): Promise<{ width: number; height: number }> {
  const { width = 0, height = 0 } = await sharp(source).autoOrient().metadata();
  return { width, height };
}

const clips = new Map<string, Promise<Buffer>>();

/**
 * A real H.264 MP4 of `seconds` at `width` × `height`, 24 fps (a flat picture: cheap to
 * encode). Made once per size and length for the process.
 */
export function videoClip(width: number, height: number, seconds: number): Promise<Buffer> {
  const key = `${width}x${height}x${seconds}`;
  if (!clips.has(key)) {
    clips.set(
      key,
      new Promise<Buffer>((resolve, reject) => {
        const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "double-clip-")), "clip.mp4");
        const args = ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", `color=c=0xb8b2a7:s=${width}x${height}:r=24:d=${seconds}`];
        const child = spawn(ffmpegInstaller.path, [
          ...args,
          "-c:v",
          "libx264",
          "-preset",
          "ultrafast",
          "-pix_fmt",
          "yuv420p",
          "-movflags",
          "+faststart",
          "-y",
          file,
        ]);
        let errors = "";
        child.stderr.on("data", (chunk) => (errors += chunk));
        child.on("error", reject);
        child.on("close", (code) => {
          if (code !== 0) return reject(new Error(`ffmpeg could not make the double's clip: ${errors}`));
          const bytes = fs.readFileSync(file);
          fs.rmSync(path.dirname(file), { recursive: true, force: true });
          resolve(bytes);
        });
      }),
    );
  }
  return clips.get(key)!;
}
