/**
 * Prepares, with sharp, every picture ffmpeg needs for one clip, as raw frames on disk:
 * ffmpeg then reads each still once and only crops, zooms and overlays it, which keeps a
 * 1080p render within seconds (measurements in docs/providers.md).
 */
import "server-only";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { VideoMode } from "@/shared/vocabulary";
import { sharp, type Sharp } from "@/server/images/sharp";

export const MAX_VIDEO_WIDTH = 1920;
const MIN_VIDEO_WIDTH = 64;
/** Pan crops a moving window from a still this much larger than the frame. */
export const PAN_SCALE = 1.25;
/** Zooming reads from a still at twice the frame size, so the push-in stays sharp. */
const ZOOM_SCALE = 2;

export interface FrameSize {
  width: number;
  height: number;
}

export interface RawStill extends FrameSize {
  path: string;
  pixFmt: "rgb24" | "gray";
}

/**
 * The output is always 16:9: the widest 16:9 frame that fits inside the source (a cover
 * crop), capped at 1920x1080 and never upscaled, with even sides for yuv420p.
 * 640x480 → 640x360; 4000x3000 → 1920x1080; a 480x640 portrait → 480x270.
 */
export function videoFrameSize(sourceWidth: number, sourceHeight: number): FrameSize | null {
  const fitting = Math.min(MAX_VIDEO_WIDTH, sourceWidth, Math.floor((sourceHeight * 16) / 9));
  const width = fitting - (fitting % 2);
  if (width < MIN_VIDEO_WIDTH) return null;
  return { width, height: 2 * Math.round((width * 9) / 32) };
}

/** Reads the source's display size (EXIF rotation applied); throws if it is not an image. */
export async function sourceSize(image: Buffer): Promise<FrameSize> {
  const { autoOrient } = await sharp(image).metadata();
  return { width: autoOrient.width, height: autoOrient.height };
}

function scaled(size: FrameSize, factor: number): FrameSize {
  const even = (n: number) => 2 * Math.round(n / 2);
  return { width: even(size.width * factor), height: even(size.height * factor) };
}

async function writeRgbStill(dir: string, name: string, pipeline: Sharp): Promise<RawStill> {
  const { data, info } = await pipeline
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const file = path.join(dir, `${name}.rgb`);
  await writeFile(file, data);
  return { path: file, width: info.width, height: info.height, pixFmt: "rgb24" };
}

async function writeGrayStill(dir: string, name: string, data: Buffer, size: FrameSize): Promise<RawStill> {
  const file = path.join(dir, `${name}.gray`);
  await writeFile(file, data);
  return { path: file, ...size, pixFmt: "gray" };
}

function cover(image: Buffer, size: FrameSize): Sharp {
  return sharp(image).autoOrient().resize(size.width, size.height, { fit: "cover", kernel: "lanczos3" });
}

/** A warmer, brighter, livelier grade of the source: what `reveal` shows when no tail is given. */
function graded(pipeline: Sharp): Sharp {
  return pipeline
    .recomb([
      [1.06, 0.02, 0],
      [0, 1.01, 0],
      [0, 0, 0.9],
    ])
    .modulate({ brightness: 1.08, saturation: 1.15 });
}

/**
 * A mask twice the frame width: opaque on the left half, clear on the right, with a soft
 * seam. Cropping a frame-wide window that slides leftwards across it wipes left to right.
 */
function wipeMask(frame: FrameSize): Buffer {
  const width = frame.width * 2;
  const soft = Math.max(2, Math.round(frame.width / 60));
  const row = Buffer.alloc(width);
  for (let x = 0; x < width; x++) row[x] = Math.round(255 * Math.min(1, Math.max(0, (frame.width + soft / 2 - x) / soft)));
  return Buffer.concat(Array.from({ length: frame.height }, () => row));
}

/**
 * A soft white disc on black; zoompan grows it tenfold, so at its start radius (a sixth
 * of the half-diagonal) the disc, opaque to 70% of its radius, finally covers the frame.
 */
async function irisMask(frame: FrameSize): Promise<Buffer> {
  const { width, height } = frame;
  const radius = Math.hypot(width, height) / 2 / 6;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><radialGradient id="g"><stop offset="0.7" stop-color="#fff"/><stop offset="1" stop-color="#000"/></radialGradient></defs>
<rect width="100%" height="100%" fill="#000"/><circle cx="${width / 2}" cy="${height / 2}" r="${radius}" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer();
}

/** The stills for `mode`, in the input order the filter graph of video-filters.ts expects. */
export async function prepareStills(
  dir: string,
  mode: VideoMode,
  image: Buffer,
  tail: Buffer | null,
  frame: FrameSize,
): Promise<RawStill[]> {
  switch (mode) {
    case "zoom_in":
    case "flyover":
      return [await writeRgbStill(dir, "source", cover(image, scaled(frame, ZOOM_SCALE)))];
    case "pan": {
      const wide = scaled(frame, PAN_SCALE);
      const pipeline = sharp(image).autoOrient().resize(wide.width, wide.height, { fit: "outside", kernel: "lanczos3" });
      return [await writeRgbStill(dir, "source", pipeline)];
    }
    case "before_after": {
      if (!tail) throw new Error("before_after needs a tail image");
      const doubleWidth = { width: frame.width * 2, height: frame.height };
      return [
        await writeRgbStill(dir, "source", cover(image, frame)),
        await writeRgbStill(dir, "tail", cover(tail, frame)),
        await writeGrayStill(dir, "mask", wipeMask(frame), doubleWidth),
      ];
    }
    case "reveal":
      return [
        await writeRgbStill(dir, "source", cover(image, frame)),
        await writeRgbStill(dir, "tail", tail ? cover(tail, frame) : graded(cover(image, frame))),
        await writeGrayStill(dir, "mask", await irisMask(frame), frame),
      ];
  }
}
