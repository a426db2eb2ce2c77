/**
 * Writes a provenance record into an output file before it is stored: an XMP packet in
 * JPEG and PNG written into the file's bytes (the pixels stay exactly as the provider
 * made them, and no encoder runs), in WebP through sharp/libvips (its RIFF container
 * needs the extended header; the pixels are re-encoded once at high quality), and MP4
 * metadata for videos (ffmpeg copies the streams and writes the record
 * as `udta`/`mdta` tags; MP4 has no XMP writer in ffmpeg, so the same fields go there as
 * named tags).
 */
import "server-only";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sharp } from "@/server/images/sharp";
import { ffmpegPath } from "@/server/media/ffmpeg";
import type { ImageFile } from "@/server/providers/types";
import { digitalSourceTypeUri } from "./digital-source-type";
import type { ProvenanceRecord } from "./provenance-record";
import { jpegWithXmp } from "./jpeg-xmp-segment";
import { pngWithXmp } from "./png-xmp-chunk";
import { xmpPacket } from "./xmp-packet";

export async function embedProvenance(file: ImageFile, record: ProvenanceRecord): Promise<ImageFile> {
  switch (file.contentType) {
    case "image/jpeg":
    case "image/png":
    case "image/webp":
      return { bytes: await withXmp(file, record), contentType: file.contentType };
    case "video/mp4":
      return { bytes: await withMp4Tags(file.bytes, record), contentType: file.contentType };
    default:
      throw new Error(`No provenance writer for ${file.contentType}.`);
  }
}

async function withXmp(file: ImageFile, record: ProvenanceRecord): Promise<Buffer> {
  const packet = xmpPacket(record);
  if (file.contentType === "image/jpeg") return jpegWithXmp(file.bytes, packet);
  if (file.contentType === "image/png") return pngWithXmp(file.bytes, packet);
  return sharp(file.bytes).keepIccProfile().withXmp(packet).webp({ quality: 92 }).toBuffer();
}

/** The record as MP4 metadata tags (what ffprobe and exiftool show under these names). */
export function mp4ProvenanceTags(record: ProvenanceRecord): Record<string, string> {
  return {
    creation_time: record.createdAt.toISOString(),
    comment: `Made by Atrium: ${record.operation} by ${record.provider} (${record.model}); source sha256 ${record.sourceSha256}`,
    digital_source_type: digitalSourceTypeUri(record.digitalSourceType),
    atrium_operation: record.operation,
    atrium_provider: record.provider,
    atrium_model: record.model,
    atrium_source_sha256: record.sourceSha256,
    ...(record.shareUrl ? { atrium_share_page: record.shareUrl } : {}),
  };
}

async function withMp4Tags(bytes: Buffer, record: ProvenanceRecord): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "atrium-provenance-"));
  try {
    const input = path.join(dir, "in.mp4");
    const output = path.join(dir, "out.mp4");
    await writeFile(input, bytes);
    const tags = Object.entries(mp4ProvenanceTags(record)).flatMap(([key, value]) => ["-metadata", `${key}=${value}`]);
    // use_metadata_tags keeps our own tag names; faststart keeps the file streamable.
    await ffmpeg(["-y", "-i", input, "-map", "0", "-c", "copy", ...tags, "-movflags", "+use_metadata_tags+faststart", output]);
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ["-hide_banner", "-loglevel", "error", ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg could not write the video's metadata (exit ${code}): ${stderr}`)),
    );
  });
}
