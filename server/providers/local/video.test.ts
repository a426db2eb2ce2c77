import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { sharp } from "@/server/images/sharp";
import { syntheticOutdoor, syntheticRoom } from "@/test/synthetic-room";
import { probeVideo } from "@/server/media/ffprobe";
import { ProviderError, type VideoParams } from "@/server/providers/types";
import type { VideoMode } from "@/shared/vocabulary";
import { localVideoProvider } from "./video";

const execFileAsync = promisify(execFile);

/** One decoded frame of an MP4 at `seconds`, as raw RGB at the video's size. */
async function frameAt(video: Buffer, seconds: number): Promise<Buffer> {
  const file = `${os.tmpdir()}/frame-test-${process.pid}-${Date.now()}.mp4`;
  await writeFile(file, video);
  try {
    const { stdout } = await execFileAsync(
      ffmpegInstaller.path,
      ["-v", "error", "-ss", String(seconds), "-i", file, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"],
      { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 },
    );
    return stdout;
  } finally {
    await rm(file, { force: true });
  }
}

async function asFrame(image: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(image).resize(width, height, { fit: "cover" }).removeAlpha().raw().toBuffer();
}

function meanAbsDiff(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

function channelMeans(rgb: Buffer): [number, number, number] {
  const sums = [0, 0, 0];
  for (let i = 0; i < rgb.length; i++) sums[i % 3] += rgb[i];
  const pixels = rgb.length / 3;
  return [sums[0] / pixels, sums[1] / pixels, sums[2] / pixels];
}

function ffmpegChildren(): string[] {
  try {
    const out = execFileSync("ps", ["-o", "args=", "--ppid", String(process.pid)], { encoding: "utf8" });
    return out.split("\n").filter((line) => line.includes(ffmpegInstaller.path));
  } catch {
    return []; // ps exits 1 when the process has no children at all
  }
}

let room: Buffer;
let outdoor: Buffer;

beforeAll(async () => {
  room = await syntheticRoom({ width: 640, height: 480, box: true });
  outdoor = await syntheticOutdoor(640, 480);
});

async function render(mode: VideoMode, overrides: Partial<VideoParams> = {}) {
  const progress: number[] = [];
  const result = await localVideoProvider.video({
    mode,
    image: room,
    tail: null,
    durationSeconds: 5,
    onProgress: (percent) => void progress.push(percent),
    ...overrides,
  });
  const bytes = result.outputs[0].bytes;
  return { result, bytes, progress, probe: await probeVideo(bytes) };
}

describe("local video provider", () => {
  const modes: VideoMode[] = ["zoom_in", "pan", "flyover", "before_after", "reveal"];

  it.each(modes)("renders %s as a 5 s 30 fps H.264 MP4 with the index first", async (mode) => {
    const { result, bytes, progress, probe } = await render(mode, { tail: mode === "before_after" ? outdoor : null });
    expect(result.provider).toBe("local");
    expect(result.statusUrl).toMatch(/^local:\/\/video\/[0-9a-f-]{36}$/);
    expect(result.outputs).toHaveLength(1);
    expect(result.outputs[0].contentType).toBe("video/mp4");
    expect(probe).toMatchObject({ codec: "h264", pixFmt: "yuv420p", width: 640, height: 360, fps: 30, frames: 150, faststart: true });
    expect(Math.abs(probe.durationSeconds - 5)).toBeLessThanOrEqual(0.05);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBe(progress.length);
    // The clip moves or changes: its first and last frames differ clearly.
    expect(meanAbsDiff(await frameAt(bytes, 0), await frameAt(bytes, 4.95))).toBeGreaterThan(4);
  });

  it("before_after starts on the source and ends on the tail", async () => {
    const { bytes } = await render("before_after", { tail: outdoor });
    const [first, last] = [await frameAt(bytes, 0), await frameAt(bytes, 4.95)];
    const [source, tail] = [await asFrame(room, 640, 360), await asFrame(outdoor, 640, 360)];
    expect(meanAbsDiff(first, source)).toBeLessThan(4);
    expect(meanAbsDiff(last, tail)).toBeLessThan(4);
    expect(meanAbsDiff(last, source)).toBeGreaterThan(30);
  });

  it("reveal opens onto the tail image when one is given", async () => {
    const { bytes } = await render("reveal", { tail: outdoor });
    expect(meanAbsDiff(await frameAt(bytes, 0), await asFrame(room, 640, 360))).toBeLessThan(4);
    expect(meanAbsDiff(await frameAt(bytes, 4.95), await asFrame(outdoor, 640, 360))).toBeLessThan(4);
  });

  it("reveal without a tail ends on a warmer, brighter grade of the source", async () => {
    const { bytes } = await render("reveal");
    const [r0, g0, b0] = channelMeans(await frameAt(bytes, 0));
    const [r1, g1, b1] = channelMeans(await frameAt(bytes, 4.95));
    expect(r1 - b1).toBeGreaterThan(r0 - b0 + 5);
    expect(r1 + g1 + b1).toBeGreaterThan(r0 + g0 + b0);
  });

  it("keeps a 1080p source at 1920x1080", async () => {
    const { probe } = await render("pan", { image: await syntheticRoom({ width: 1920, height: 1080, format: "jpeg" }) });
    expect(probe).toMatchObject({ width: 1920, height: 1080, frames: 150, codec: "h264" });
  });

  it("kills ffmpeg on abort and fails transiently, leaving no temp files", async () => {
    // A private TMPDIR (os.tmpdir() reads it on every call) so other test runs' files do not count.
    const privateTmp = mkdtempSync(path.join(os.tmpdir(), "video-abort-test-"));
    const previousTmp = process.env.TMPDIR;
    process.env.TMPDIR = privateTmp;
    onTestFinished(() => {
      if (previousTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmp;
      rmSync(privateTmp, { recursive: true, force: true });
    });
    const controller = new AbortController();
    const image = await syntheticRoom({ width: 1920, height: 1080, format: "jpeg" });
    const running = localVideoProvider.video(
      { mode: "zoom_in", image, tail: null, durationSeconds: 5, onProgress: (p) => (p < 100 ? controller.abort() : undefined) },
      controller.signal,
    );
    const error = await running.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).transient).toBe(true);
    expect(ffmpegChildren()).toEqual([]);
    expect(readdirSync(privateTmp)).toEqual([]);
  });

  it("rejects undecodable sources and a before_after without tail as permanent failures", async () => {
    for (const params of [
      { mode: "zoom_in" as const, image: Buffer.from("not an image"), tail: null },
      { mode: "before_after" as const, image: room, tail: null },
      { mode: "pan" as const, image: await syntheticRoom({ width: 40, height: 30 }), tail: null },
    ]) {
      const error = await localVideoProvider.video({ ...params, durationSeconds: 5 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).transient).toBe(false);
    }
  });
});
