/**
 * Reads the facts of a rendered video that the v1 contract promises (H.264, 5 s, 30 fps)
 * with the ffprobe binary shipped by @ffprobe-installer, so the service and the tests
 * check real files rather than trusting the encoder's arguments.
 */
import "server-only";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ffprobeInstaller from "@ffprobe-installer/ffprobe";

const execFileAsync = promisify(execFile);

export interface VideoProbe {
  durationSeconds: number;
  width: number;
  height: number;
  fps: number;
  frames: number;
  codec: string;
  pixFmt: string;
  /** The `moov` index precedes the media data, so players can start before the download ends. */
  faststart: boolean;
}

interface FfprobeJson {
  streams?: {
    codec_name?: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    avg_frame_rate?: string;
    nb_frames?: string;
    duration?: string;
  }[];
  format?: { duration?: string };
}

export async function probeVideo(bytesOrPath: Buffer | string): Promise<VideoProbe> {
  if (typeof bytesOrPath === "string") return probeFile(bytesOrPath, await readFile(bytesOrPath));
  // ffprobe needs a seekable file: an MP4 read from a pipe fails when its index is at the end.
  const dir = await mkdtemp(path.join(os.tmpdir(), "atrium-probe-"));
  try {
    const file = path.join(dir, "video.mp4");
    await writeFile(file, bytesOrPath);
    return await probeFile(file, bytesOrPath);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function probeFile(file: string, bytes: Buffer): Promise<VideoProbe> {
  const { stdout } = await execFileAsync(ffprobeInstaller.path, [
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-show_entries",
    "stream=codec_name,width,height,pix_fmt,avg_frame_rate,nb_frames,duration:format=duration",
    "-of",
    "json",
    file,
  ]);
  const json = JSON.parse(stdout) as FfprobeJson;
  const stream = json.streams?.[0];
  if (!stream) throw new Error("The file has no video stream.");
  return {
    durationSeconds: Number(stream.duration ?? json.format?.duration ?? Number.NaN),
    width: stream.width ?? 0,
    height: stream.height ?? 0,
    fps: parseRate(stream.avg_frame_rate),
    frames: Number(stream.nb_frames ?? Number.NaN),
    codec: stream.codec_name ?? "",
    pixFmt: stream.pix_fmt ?? "",
    faststart: moovBeforeMdat(bytes),
  };
}

function parseRate(rate: string | undefined): number {
  const [num, den] = (rate ?? "").split("/").map(Number);
  return den ? num / den : Number.NaN;
}

/** Walks the top-level ISO BMFF boxes (size, type) to see which of moov and mdat comes first. */
export function moovBeforeMdat(bytes: Buffer): boolean {
  let offset = 0;
  while (offset + 8 <= bytes.length) {
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    if (type === "moov") return true;
    if (type === "mdat") return false;
    if (size === 1 && offset + 16 <= bytes.length) size = Number(bytes.readBigUInt64BE(offset + 8));
    if (size < 8) return false;
    offset += size;
  }
  return false;
}
