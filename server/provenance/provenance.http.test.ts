/**
 * Every kind of stored output carries its provenance, read back by independent readers
 * (exifreader for images, ffprobe for the MP4) from the files the API hands out: legacy
 * job outputs, multi-view views, inpaint, upscale and video.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ffprobeInstaller from "@ffprobe-installer/ffprobe";
import ExifReader from "exifreader";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { v1Functions } from "@/inngest/functions/v1";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";
import { apiCaller, pollSet } from "@/test/multiview";
import { sha256Hex } from "./provenance-record";
import { useAppStack } from "@/test/app-stack";

const stack = useAppStack({ functions: v1Functions, fixtures: true });
let photo: Buffer;
let photoUrl: string;
const call = apiCaller(() => stack.app.url);
const IPTC = "http://cv.iptc.org/newscodes/digitalsourcetype/";

beforeAll(async () => {
  photo = await roomPhoto(320, 240);
  photoUrl = stack.fixtures.serve("/room.jpg", photo, "image/jpeg");
});

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function xmpOf(url: string): Promise<Record<string, string>> {
  const tags = (await ExifReader.load(await download(url), { expanded: true, async: true })) as {
    xmp?: Record<string, { description: string }>;
  };
  expect(tags.xmp, `XMP in ${url}`).toBeDefined();
  return Object.fromEntries(Object.entries(tags.xmp!).map(([name, tag]) => [name, tag.description]));
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error("not finished in time");
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("provenance in every stored output", () => {
  it("legacy job outputs: staging (style preview) and declutter", async () => {
    const { apiKey } = await makeAccount({ plan: "free", credits: 10 });
    for (const [redesignType, operation, sourceType] of [
      ["virtual staging", "staging", "algorithmicallyEnhanced"],
      ["declutter", "declutter", "compositeSynthetic"],
    ] as const) {
      const created = await call("POST", "/job", apiKey, {
        source_url: photoUrl,
        room_type: "Living Room",
        redesign_type: redesignType,
        style: "Scandinavian",
        fast: true,
      });
      expect(created.status).toBe(200);
      const done = await until(
        () => call("GET", `/jobs/${created.body.jobId}`, apiKey),
        (r) => r.body?.status !== "processing",
      );
      expect(done.body.status).toBe("completed");
      const xmp = await xmpOf(done.body.data.output_urls[0]);
      expect(xmp).toMatchObject({
        DigitalSourceType: IPTC + sourceType,
        Operation: operation,
        Provider: "local",
        SourceSHA256: sha256Hex(photo),
        CreatorTool: "Atrium",
      });
      expect(Date.parse(xmp.CreateDate)).toBeGreaterThan(Date.now() - 120_000);
    }
  });

  it("multi-view views", async () => {
    const { apiKey } = await makeAccount({ plan: "premium", credits: 20 });
    const sibling = await roomPhoto(360, 240);
    const created = await call("POST", "/multiview", apiKey, {
      source_url: photoUrl,
      additional_view_urls: [stack.fixtures.serve("/view-1.jpg", sibling, "image/jpeg")],
      room_type: "Living Room",
      style: "Scandinavian",
    });
    expect(created.status).toBe(200);
    const done = await pollSet(call, apiKey, created.body.result?.render_set_id ?? created.body.render_set_id);
    const views = done.body.result.views as { output_url: string | null }[];
    expect(views.every((v) => v.output_url)).toBe(true);
    expect(await xmpOf(views[0].output_url!)).toMatchObject({ Operation: "staging", SourceSHA256: sha256Hex(photo) });
    expect(await xmpOf(views[1].output_url!)).toMatchObject({ Operation: "staging", SourceSHA256: sha256Hex(sibling) });
  });

  it("inpaint (PNG) and upscale outputs", async () => {
    const { apiKey } = await makeAccount({ plan: "free", credits: 10 });
    const png = await sharp(photo).png().toBuffer();
    const mask = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#000" } })
      .composite([{ input: { create: { width: 60, height: 40, channels: 3, background: "#fff" } }, left: 130, top: 160 }])
      .png()
      .toBuffer();
    const inpainted = await call("POST", "/inpaint", apiKey, {
      submitted_url: stack.fixtures.serve("/room.png", png, "image/png"),
      mask_url: stack.fixtures.serve("/mask.png", mask, "image/png"),
      inpainting_type: "remove",
      render_type: "interior",
    });
    expect(inpainted.status).toBe(200);
    const inpaintUrl = inpainted.body.result.output_urls[0];
    expect(await xmpOf(inpaintUrl)).toMatchObject({
      DigitalSourceType: IPTC + "compositeSynthetic",
      Operation: "inpaint_remove",
      Provider: "local",
      SourceSHA256: sha256Hex(png),
    });

    const upscaled = await call("POST", "/upscale", apiKey, { image_url: inpaintUrl });
    expect(upscaled.status).toBe(200);
    const upscaleXmp = await xmpOf(upscaled.body.result.output_urls[0]);
    // The upscale's source is the inpainted file as stored, provenance included.
    expect(upscaleXmp).toMatchObject({
      DigitalSourceType: IPTC + "algorithmicallyEnhanced",
      Operation: "upscale",
      SourceSHA256: sha256Hex(await download(inpaintUrl)),
    });
  });

  it("video: MP4 metadata tags, read by ffprobe", async () => {
    const { apiKey } = await makeAccount({ plan: "premium", credits: 30 });
    const created = await call("POST", "/video", apiKey, { mode: "zoom_in", image_url: photoUrl });
    expect(created.status).toBe(200);
    const done = await until(
      () => call("GET", `/video?job_id=${created.body.job_id}`, apiKey),
      (r) => r.body?.status !== "processing",
    );
    expect(done.body.status).toBe("completed");
    const dir = await mkdtemp(path.join(os.tmpdir(), "provenance-video-"));
    try {
      const file = path.join(dir, "video.mp4");
      await writeFile(file, await download(done.body.result.video_url));
      const { stdout } = await promisify(execFile)(ffprobeInstaller.path, [
        "-v",
        "error",
        "-show_entries",
        "format_tags",
        "-of",
        "json",
        file,
      ]);
      expect(JSON.parse(stdout).format.tags).toMatchObject({
        digital_source_type: IPTC + "algorithmicallyEnhanced",
        atrium_operation: "video_zoom_in",
        atrium_provider: "local",
        atrium_source_sha256: sha256Hex(photo),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
