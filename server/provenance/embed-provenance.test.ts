import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import ffprobeInstaller from "@ffprobe-installer/ffprobe";
import ExifReader from "exifreader";
import { describe, expect, it } from "vitest";
import { sharp } from "@/server/images/sharp";
import { syntheticRoom } from "@/test/synthetic-room";
import { embedProvenance } from "./embed-provenance";
import { provenanceRecord, sha256Hex } from "./provenance-record";

const run = promisify(execFile);
const source = Buffer.from("the unaltered photo's bytes");
const createdAt = new Date("2026-11-23T22:30:00.000Z");

/** The XMP as an independent reader (exifreader) sees it (async: PNG's XMP chunk is compressed). */
async function readXmp(bytes: Buffer) {
  const tags = (await ExifReader.load(bytes, { expanded: true, async: true })) as {
    xmp?: Record<string, { value: unknown; description: string }>;
  };
  if (!tags.xmp) throw new Error("no XMP found");
  return Object.fromEntries(Object.entries(tags.xmp).map(([name, tag]) => [name, tag.description]));
}

/** Every tag name an ExifReader result holds, over all its groups. */
function tagNames(tags: object): string[] {
  return Object.values(tags).flatMap((group) => (group && typeof group === "object" ? Object.keys(group) : []));
}

describe("embedProvenance", () => {
  const formats = [
    ["image/jpeg", (b: Buffer) => sharp(b).jpeg().toBuffer()],
    ["image/png", (b: Buffer) => sharp(b).png().toBuffer()],
    ["image/webp", (b: Buffer) => sharp(b).webp().toBuffer()],
  ] as const;

  for (const [contentType, encode] of formats) {
    it(`writes XMP into ${contentType} that exifreader reads back, pixels unchanged in size`, async () => {
      const bytes = await encode(await syntheticRoom({ width: 320, height: 240 }));
      const record = provenanceRecord({
        operation: "staging",
        provider: "replicate",
        model: "black-forest-labs/flux-kontext-pro",
        source,
        createdAt,
        shareUrl: "https://example.com/share/abc",
      });
      const out = await embedProvenance({ bytes, contentType }, record);
      const xmp = await readXmp(out.bytes);
      expect(xmp.DigitalSourceType).toBe("http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia");
      expect(xmp.Operation).toBe("staging");
      expect(xmp.Provider).toBe("replicate");
      expect(xmp.Model).toBe("black-forest-labs/flux-kontext-pro");
      expect(xmp.SourceSHA256).toBe(sha256Hex(source));
      expect(xmp.CreateDate).toBe("2026-11-23T22:30:00.000Z");
      expect(xmp.SharePage).toBe("https://example.com/share/abc");
      const meta = await sharp(out.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([contentType.split("/")[1], 320, 240]);
    });
  }

  for (const format of ["jpeg", "png"] as const) {
    it(`leaves a ${format.toUpperCase()}'s pixels exactly as they were, replaces an earlier record and drops camera metadata`, async () => {
      const encoded = await sharp(await syntheticRoom({ width: 320, height: 240 }))
        .withExif({ IFD0: { Copyright: "Listing photographer" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 26/1 4632/100" } })
        [format]()
        .toBuffer();
      const contentType = `image/${format}` as const;
      const first = await embedProvenance(
        { bytes: encoded, contentType },
        provenanceRecord({ operation: "staging", provider: "local", source, createdAt }),
      );
      const second = await embedProvenance(first, provenanceRecord({ operation: "upscale", provider: "local", source, createdAt }));
      const pixels = async (bytes: Buffer) => (await sharp(bytes).raw().toBuffer()).toString("base64");
      expect(await pixels(second.bytes)).toBe(await pixels(encoded));
      expect((await readXmp(second.bytes)).Operation).toBe("upscale");
      // One packet (its xpacket id appears once): the first record was replaced, not kept beside.
      expect(second.bytes.toString("latin1").split("W5M0MpCehiHzreSzNTczkc9d").length).toBe(2);
      const exif = (await ExifReader.load(second.bytes, { expanded: true, async: true })) as {
        exif?: Record<string, { description: string }>;
      };
      expect(tagNames(await ExifReader.load(encoded, { expanded: true, async: true }))).toContain("GPSLatitude");
      expect(tagNames(exif)).not.toContain("GPSLatitude");
      expect(exif.exif?.Copyright).toBeUndefined();
    });
  }

  it("marks the local provider's removal as composite-synthetic and its grading as algorithmically enhanced, naming no model", async () => {
    const bytes = await syntheticRoom({ format: "jpeg" });
    const removal = await readXmp(
      (
        await embedProvenance(
          { bytes, contentType: "image/jpeg" },
          provenanceRecord({ operation: "declutter", provider: "local", source, createdAt }),
        )
      ).bytes,
    );
    expect(removal.DigitalSourceType).toMatch(/\/compositeSynthetic$/);
    expect(removal.Model).toMatch(/no generative model/);
    expect(removal.SharePage).toBeUndefined();
    const grading = await readXmp(
      (
        await embedProvenance(
          { bytes, contentType: "image/jpeg" },
          provenanceRecord({ operation: "staging", provider: "local", source, createdAt }),
        )
      ).bytes,
    );
    expect(grading.DigitalSourceType).toMatch(/\/algorithmicallyEnhanced$/);
  });

  it("writes the record into an MP4's metadata, read back by ffprobe, streams copied", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "provenance-test-"));
    try {
      const file = path.join(dir, "clip.mp4");
      await run(ffmpegInstaller.path, [
        "-loglevel",
        "error",
        "-f",
        "lavfi",
        "-i",
        "testsrc=size=160x120:rate=10:duration=1",
        "-c:v",
        "libx264",
        "-pix_fmt",
        "yuv420p",
        file,
      ]);
      const { readFile } = await import("node:fs/promises");
      const record = provenanceRecord({ operation: "video_zoom_in", provider: "kling", model: "kling-v2-1", source, createdAt });
      const out = await embedProvenance({ bytes: await readFile(file), contentType: "video/mp4" }, record);
      const tagged = path.join(dir, "tagged.mp4");
      await writeFile(tagged, out.bytes);
      const { stdout } = await run(ffprobeInstaller.path, [
        "-v",
        "error",
        "-show_entries",
        "format_tags:stream=codec_name,nb_frames",
        "-of",
        "json",
        tagged,
      ]);
      const probe = JSON.parse(stdout) as {
        format: { tags: Record<string, string> };
        streams: { codec_name: string; nb_frames: string }[];
      };
      expect(probe.format.tags).toMatchObject({
        digital_source_type: "http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia",
        atrium_operation: "video_zoom_in",
        atrium_provider: "kling",
        atrium_model: "kling-v2-1",
        atrium_source_sha256: sha256Hex(source),
      });
      expect(probe.format.tags.creation_time).toMatch(/^2026-11-23T22:30:00\.0+Z$/);
      expect(probe.streams[0]).toMatchObject({ codec_name: "h264", nb_frames: "10" });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
