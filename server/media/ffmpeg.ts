/**
 * Where the ffmpeg binary of @ffmpeg-installer/ffmpeg is, looked up on first use. Only the
 * durable-function route carries the 68 MB binary (next.config.mjs, HEAVY_PARTS); every
 * other function may load the modules that mention video as long as it never encodes one.
 */
import "server-only";
import { createRequire } from "node:module";
import { notDeployed } from "@/server/deploy/not-deployed";

let binary: string | null = null;

export function ffmpegPath(): string {
  if (!binary) {
    try {
      binary = (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;
    } catch (error) {
      throw notDeployed("ffmpeg", error);
    }
  }
  return binary;
}
