import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moovBeforeMdat, probeVideo } from "./ffprobe";

const execFileAsync = promisify(execFile);
let dir: string;

/** A 2 s 320x240 test pattern at 25 fps, encoded with or without +faststart. */
async function encode(name: string, faststart: boolean): Promise<string> {
  const file = path.join(dir, name);
  await execFileAsync(ffmpegInstaller.path, [
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=320x240:rate=25:duration=2",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv444p",
    ...(faststart ? ["-movflags", "+faststart"] : []),
    file,
  ]);
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "ffprobe-test-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("probeVideo", () => {
  it("reads the stream facts from a path and from bytes alike", async () => {
    const file = await encode("plain.mp4", false);
    const fromPath = await probeVideo(file);
    expect(fromPath).toEqual({
      durationSeconds: 2,
      width: 320,
      height: 240,
      fps: 25,
      frames: 50,
      codec: "h264",
      pixFmt: "yuv444p",
      faststart: false,
    });
    expect(await probeVideo(await readFile(file))).toEqual(fromPath);
  });

  it("sees the index before the media data only with +faststart", async () => {
    expect((await probeVideo(await encode("fast.mp4", true))).faststart).toBe(true);
  });

  it("fails on a file without a video stream", async () => {
    await expect(probeVideo(Buffer.from("not a video"))).rejects.toThrow();
  });

  it("walks 64-bit box sizes", () => {
    const box = (type: string, size: number) => {
      const header = Buffer.alloc(8);
      header.writeUInt32BE(size);
      header.write(type, 4, "latin1");
      return Buffer.concat([header, Buffer.alloc(size - 8)]);
    };
    const largeMdat = Buffer.alloc(24);
    largeMdat.writeUInt32BE(1);
    largeMdat.write("mdat", 4, "latin1");
    largeMdat.writeBigUInt64BE(24n, 8);
    expect(moovBeforeMdat(Buffer.concat([box("ftyp", 16), largeMdat, box("moov", 8)]))).toBe(false);
    expect(moovBeforeMdat(Buffer.concat([box("ftyp", 16), box("free", 8), box("moov", 8), largeMdat]))).toBe(true);
  });
});
