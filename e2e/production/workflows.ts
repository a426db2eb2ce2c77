/**
 * The four documented workflows and a video, through the typed v1 client against the
 * built app, with every output fetched from its presigned S3 URL and checked by content.
 */
import sharp from "sharp";
import { probeVideo } from "@/server/media/ffprobe";
import type { AtriumClient } from "@atrium/sdk";
import type { FixtureServer } from "@/test/fixture-server";
import { roomPhoto } from "@/test/images";

export interface WorkflowContext {
  client: AtriumClient;
  fixtures: FixtureServer;
  /** `${endpoint}/${bucket}/`: where every output must live. */
  bucketUrl: string;
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 150_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not finish: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Fetches an output without credentials, after checking it is a presigned link into the bucket. */
async function fromS3(ctx: WorkflowContext, url: string | null | undefined): Promise<Buffer> {
  check(url && url.startsWith(ctx.bucketUrl), `output is not in the S3 bucket: ${url}`);
  check(new URL(url).searchParams.has("X-Amz-Signature"), `output link is not presigned: ${url}`);
  const response = await fetch(url);
  check(response.status === 200, `GET ${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

async function size(bytes: Buffer): Promise<[number, number]> {
  const meta = await sharp(bytes).metadata();
  return [meta.width!, meta.height!];
}

export async function stageOnePhoto(ctx: WorkflowContext): Promise<void> {
  const source = ctx.fixtures.serve("/w1.jpg", await roomPhoto(320, 240));
  const { jobId } = await ctx.client.createJob({
    source_url: source,
    room_type: "Living Room",
    redesign_type: "Virtual Staging",
    style: "Scandinavian",
    fast: true,
  });
  const done = await until(
    "job",
    () => ctx.client.getJob(jobId),
    (job) => job.status !== "processing",
  );
  check(done.status === "completed", `job ended ${done.status}`);
  check(done.data?.output_urls.length === 1, "expected one output");
  const [width, height] = await size(await fromS3(ctx, done.data.output_urls[0]));
  check(width === 320 && height === 240, `staged image is ${width}×${height}, not the source's 320×240`);
}

export async function multiViewSet(ctx: WorkflowContext): Promise<void> {
  const anchor = ctx.fixtures.serve("/w2-anchor.jpg", await roomPhoto(320, 240));
  const views = await Promise.all(
    [360, 300, 400].map(async (width, i) => ctx.fixtures.serve(`/w2-view-${i}.jpg`, await roomPhoto(width, 240))),
  );
  const created = await ctx.client.createMultiview({
    source_url: anchor,
    additional_view_urls: views,
    room_type: "Living Room",
    style: "Scandinavian",
  });
  const setId = created.result!.render_set_id;
  const done = await until(
    "multi-view set",
    () => ctx.client.getMultiview(setId),
    (set) => set.result!.completed + set.result!.failed === set.result!.total,
  );
  const result = done.result!;
  check(result.total === 4 && result.completed === 4, `set ended with ${result.completed}/${result.total} completed`);
  const sizes = await Promise.all(result.views.map(async (view) => (await size(await fromS3(ctx, view.output_url)))[0]));
  check(JSON.stringify(sizes) === JSON.stringify([320, 360, 300, 400]), `view widths ${sizes} do not follow their sources`);
}

export async function inpaintThenUpscale(ctx: WorkflowContext): Promise<void> {
  const photo = await sharp(await roomPhoto(160, 120))
    .png()
    .toBuffer();
  const mask = await sharp({ create: { width: 160, height: 120, channels: 3, background: "#000" } })
    .composite([{ input: { create: { width: 64, height: 32, channels: 3, background: "#fff" } }, left: 48, top: 48 }])
    .png()
    .toBuffer();
  const inpainted = await ctx.client.inpaint({
    submitted_url: ctx.fixtures.serve("/w3-photo.png", photo, "image/png"),
    mask_url: ctx.fixtures.serve("/w3-mask.png", mask, "image/png"),
    inpainting_type: "remove",
    render_type: "interior",
  });
  check(inpainted.status === "completed", `inpaint ended ${inpainted.status}`);
  const inpaintedUrl = inpainted.result!.output_urls[0];
  const before = await sharp(photo).removeAlpha().raw().toBuffer();
  const after = await sharp(await fromS3(ctx, inpaintedUrl))
    .removeAlpha()
    .raw()
    .toBuffer();
  check(!before.equals(after), "inpainting changed nothing");
  // The S3 link of the first output is the input of the second: the service must read it back from its own bucket.
  const upscaled = await ctx.client.upscale({ image_url: inpaintedUrl });
  check(upscaled.status === "completed", `upscale ended ${upscaled.status}`);
  const [width, height] = await size(await fromS3(ctx, upscaled.result!.output_urls[0]));
  check(width === 320 && height === 240, `upscaled image is ${width}×${height}, not 320×240`);
}

export async function propertyDescription(ctx: WorkflowContext): Promise<void> {
  const photos = await Promise.all([roomPhoto(320, 240), roomPhoto(240, 320)]);
  const described = await ctx.client.describeProperty({
    images: [photos[0].toString("base64"), `data:image/jpeg;base64,${photos[1].toString("base64")}`],
    property_data: {
      address: "12 Harbor Lane, Sausalito, CA",
      property_type: "house",
      listing_status: "active",
      listing_type: "sale",
      price: 1250000,
    },
    generation_settings: { tone: "luxury", length: "short" },
  });
  check(described.status === "completed", `description ended ${described.status}`);
  const { description, image_analysis: analysis } = described.result!;
  check(description.includes("Sausalito"), "the description does not mention the address");
  check(analysis.map((a) => a.orientation).join() === "landscape,portrait", `orientations ${analysis.map((a) => a.orientation)}`);
}

export async function video(ctx: WorkflowContext): Promise<void> {
  const created = await ctx.client.createVideo({ mode: "zoom_in", image_url: ctx.fixtures.serve("/video.jpg", await roomPhoto(320, 240)) });
  const jobId = created.job_id!;
  const done = await until(
    "video",
    () => ctx.client.getVideo(jobId),
    (status) => status.status !== "processing",
  );
  check(done.status === "completed", `video ended ${done.status}: ${JSON.stringify(done.error)}`);
  const probe = await probeVideo(await fromS3(ctx, done.result!.video_url));
  check(probe.codec === "h264", `video codec ${probe.codec}`);
  check(Math.abs(probe.durationSeconds - 5) < 0.1, `video lasts ${probe.durationSeconds} s, not 5`);
}

export const WORKFLOWS = [
  ["workflow 1: stage one photo and poll", stageOnePhoto],
  ["workflow 2: multi-view set of four", multiViewSet],
  ["workflow 3: inpaint then upscale the S3 output", inpaintThenUpscale],
  ["workflow 4: property description from base64 images", propertyDescription],
  ["video: 5 s zoom rendered with ffmpeg", video],
] as const;
