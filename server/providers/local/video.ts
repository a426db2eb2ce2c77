/**
 * The local video provider: a real H.264 MP4 made offline from the source still (and the
 * tail image for before_after and reveal). Size: the widest 16:9 frame inside the source,
 * at most 1920x1080 (see videoFrameSize); 30 fps; exactly `durationSeconds` long.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ProviderError, type ProviderResult, type VideoParams, type VideoProvider } from "@/server/providers/types";
import { needsEndImage } from "@/shared/vocabulary";
import { runFfmpeg } from "./video-ffmpeg";
import { FPS, filterGraph } from "./video-filters";
import { prepareStills, sourceSize, videoFrameSize, type FrameSize, type RawStill } from "./video-stills";

function badInput(message: string, cause?: unknown): ProviderError {
  return new ProviderError(message, { transient: false, cause });
}

async function frameFor(params: VideoParams): Promise<FrameSize> {
  const size = await sourceSize(params.image).catch((error: unknown) => {
    throw badInput("The source image could not be decoded.", error);
  });
  const frame = videoFrameSize(size.width, size.height);
  if (!frame) throw badInput("The source image is too small to make a video.");
  if (needsEndImage(params.mode) && !params.tail) throw badInput(`${params.mode} needs a tail image.`);
  return frame;
}

function stillInput(still: RawStill): string[] {
  return ["-f", "rawvideo", "-pix_fmt", still.pixFmt, "-s", `${still.width}x${still.height}`, "-framerate", String(FPS), "-i", still.path];
}

export async function renderLocalVideo(params: VideoParams, signal?: AbortSignal): Promise<Buffer> {
  const frame = await frameFor(params);
  const frames = Math.round(params.durationSeconds * FPS);
  const dir = await mkdtemp(path.join(os.tmpdir(), "atrium-video-"));
  try {
    const stills = await prepareStills(dir, params.mode, params.image, params.tail, frame).catch((error: unknown) => {
      throw badInput("The source or tail image could not be prepared for video.", error);
    });
    const output = path.join(dir, "video.mp4");
    await runFfmpeg(
      [
        ...stills.flatMap(stillInput),
        "-filter_complex",
        filterGraph(params.mode, frame, frames),
        "-map",
        "[v]",
        "-frames:v",
        String(frames),
        "-r",
        String(FPS),
        "-c:v",
        "libx264",
        "-preset",
        "veryfast",
        "-pix_fmt",
        "yuv420p",
        "-movflags",
        "+faststart",
        "-y",
        output,
      ],
      { durationSeconds: params.durationSeconds, onProgress: params.onProgress, signal },
    );
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const localVideoProvider: VideoProvider = {
  name: "local",
  async video(params: VideoParams, signal?: AbortSignal): Promise<ProviderResult> {
    const bytes = await renderLocalVideo(params, signal);
    return { provider: "local", statusUrl: `local://video/${randomUUID()}`, outputs: [{ bytes, contentType: "video/mp4" }] };
  },
};
