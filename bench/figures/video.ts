/**
 * Figure 3: a 5 s 1080p zoom_in through the API (POST /video, then GET /video every
 * 100 ms until completed) against renderLocalVideo, the same stills preparation and
 * ffmpeg command, called directly in this process on the same photo.
 */
import { renderLocalVideo } from "@/server/providers/local/video";
import { queueWaitMs } from "../lib/queue-wait";
import type { Figure } from "../lib/report";
import { sizeLabel } from "../lib/images";
import { median, ms, pairedRatio, seconds, timed, times } from "../lib/stats";
import { apiJson, PHOTO_SIZES, photoFile, type BenchContext } from "./context";

const RUNS = 3;
const PHOTO = "large" as const;

/** Returns how long the video's event waited for the executor. */
async function apiVideo(ctx: BenchContext): Promise<number> {
  const created = await apiJson(ctx, "POST", "/video", { mode: "zoom_in", image_url: ctx.images.url(photoFile(PHOTO)), duration: 5 });
  if (created.status !== 200 || !created.body.job_id)
    throw new Error(`POST /video answered ${created.status}: ${JSON.stringify(created.body)}`);
  const deadline = Date.now() + 180_000;
  for (;;) {
    const polled = await apiJson(ctx, "GET", `/video?job_id=${created.body.job_id}`);
    if (polled.body.status === "completed") return queueWaitMs(ctx.db, `video-${created.body.job_id}`);
    if (polled.body.status !== "processing") throw new Error(`GET /video answered ${polled.status}: ${JSON.stringify(polled.body)}`);
    if (Date.now() > deadline) throw new Error("The video did not complete within 180 s.");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function rawVideo(ctx: BenchContext): Promise<void> {
  await renderLocalVideo({ mode: "zoom_in", image: ctx.photos[photoFile(PHOTO)], tail: null, durationSeconds: 5 });
}

export async function videoOverhead(ctx: BenchContext): Promise<Figure> {
  const api: number[] = [];
  const raw: number[] = [];
  const queued: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    raw.push((await timed(() => rawVideo(ctx))).ms);
    const run = await timed(() => apiVideo(ctx));
    api.push(run.ms);
    queued.push(run.value);
  }
  const videoRatio = pairedRatio(api, raw);
  return {
    id: 3,
    title: "Video: POST /video → completed vs the same ffmpeg work called directly",
    method: `zoom_in, 5 s, 1920×1080, 30 fps from a ${sizeLabel(PHOTO_SIZES[PHOTO])} JPEG; medians of ${RUNS} alternating runs (no warm-up: each run is several seconds); ratio = median of the run-by-run ratios.`,
    columns: ["operation", "baseline (renderLocalVideo)", "Atrium (API)", "ratio"],
    rows: [
      ["zoom_in 5 s 1080p", seconds(median(raw)), seconds(median(api)), times(videoRatio)],
      ["video event queued → executor run started", "—", `median ${ms(median(queued))}, worst ${ms(Math.max(...queued))}`, "—"],
    ],
    targets: [{ name: "video ≤ 1.3× the direct render", met: videoRatio <= 1.3, detail: times(videoRatio) }],
    notes: [`runs: baseline ${raw.map(seconds).join(", ")}; Atrium ${api.map(seconds).join(", ")}`],
  };
}
