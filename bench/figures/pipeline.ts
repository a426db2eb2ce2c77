/**
 * Figure 2: what the API adds around the provider. Upscale is synchronous: POST /upscale
 * → completed against localUpscaleProvider.upscale on the same bytes in this process.
 * A one-output staging job goes through POST /job and the durable executor; it is timed
 * POST → first GET /jobs/{id} showing completed (polled every 50 ms) against
 * localRedesignProvider.redesign, and job_outputs.completed_at (written right after the
 * provider's output is stored) gives the completion-to-visible delay.
 */
import { eq } from "drizzle-orm";
import { jobOutputs } from "@/db/schema";
import { localRedesignProvider } from "@/server/providers/local/redesign";
import { localUpscaleProvider } from "@/server/providers/local/upscale";
import { UPSCALE_MAX_LONG_SIDE } from "@/server/v1/services/media/upscale";
import { queueWaitMs } from "../lib/queue-wait";
import type { Figure } from "../lib/report";
import { sizeLabel } from "../lib/images";
import { median, ms, pairedRatio, seconds, timed, times } from "../lib/stats";
import { apiJson, PHOTO_SIZES, photoFile, type BenchContext } from "./context";
import { LIVING_ROOM_STAGING } from "@/test/redesign-params";

const RUNS = 5;
const POLL_MS = 50;
const PHOTO = "medium" as const;

async function apiUpscale(ctx: BenchContext): Promise<void> {
  const answer = await apiJson(ctx, "POST", "/upscale", { image_url: ctx.images.url(photoFile(PHOTO)) });
  if (answer.status !== 200 || answer.body.status !== "completed")
    throw new Error(`POST /upscale answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

async function rawUpscale(ctx: BenchContext): Promise<void> {
  await localUpscaleProvider.upscale(
    { bytes: ctx.photos[photoFile(PHOTO)], contentType: "image/jpeg" },
    { maxLongSide: UPSCALE_MAX_LONG_SIDE },
  );
}

/** Runs a staging job through the API; returns when GET first shows it completed, and how long after completed_at that was. */
async function apiStaging(ctx: BenchContext): Promise<{ visibleAfterCompletionMs: number; queueWaitMs: number }> {
  const created = await apiJson(ctx, "POST", "/job", {
    source_url: ctx.images.url(photoFile(PHOTO)),
    room_type: "living_room",
    style: "modern",
    redesign_type: "staging",
    fast: true,
  });
  if (created.status !== 200) throw new Error(`POST /job answered ${created.status}: ${JSON.stringify(created.body)}`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const polled = await apiJson(ctx, "GET", `/jobs/${created.body.jobId}`);
    const seenAt = Date.now();
    if (polled.body.status === "completed") {
      const [output] = await ctx.db
        .select({ completedAt: jobOutputs.completedAt })
        .from(jobOutputs)
        .where(eq(jobOutputs.groupId, created.body.jobId));
      return {
        visibleAfterCompletionMs: seenAt - output.completedAt!.getTime(),
        queueWaitMs: await queueWaitMs(ctx.db, `job-${created.body.jobId}`),
      };
    }
    if (polled.body.status !== "processing") throw new Error(`GET /jobs answered ${polled.status}: ${JSON.stringify(polled.body)}`);
    if (Date.now() > deadline) throw new Error("The staging job did not complete within 120 s.");
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function rawStaging(ctx: BenchContext): Promise<void> {
  await localRedesignProvider.redesign({ bytes: ctx.photos[photoFile(PHOTO)], contentType: "image/jpeg" }, LIVING_ROOM_STAGING);
}

export async function pipelineOverhead(ctx: BenchContext): Promise<Figure> {
  // One of each first: module loading, JIT, and the executor's first discovery.
  await apiUpscale(ctx);
  await rawUpscale(ctx);
  await apiStaging(ctx);
  await rawStaging(ctx);
  const upscale = { api: [] as number[], raw: [] as number[] };
  const staging = { api: [] as number[], raw: [] as number[], visible: [] as number[], queued: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    upscale.api.push((await timed(() => apiUpscale(ctx))).ms);
    upscale.raw.push((await timed(() => rawUpscale(ctx))).ms);
  }
  for (let i = 0; i < RUNS; i++) {
    const run = await timed(() => apiStaging(ctx));
    staging.api.push(run.ms);
    staging.visible.push(run.value.visibleAfterCompletionMs);
    staging.queued.push(run.value.queueWaitMs);
    staging.raw.push((await timed(() => rawStaging(ctx))).ms);
  }
  const upscaleRatio = pairedRatio(upscale.api, upscale.raw);
  const worstVisible = Math.max(...staging.visible);
  const size = sizeLabel(PHOTO_SIZES[PHOTO]);
  return {
    id: 2,
    title: "Pipeline overhead: API request → completed vs the raw provider call",
    method: `Source: a ${size} JPEG served from a local HTTP server; medians of ${RUNS} alternating runs after one warm-up of each; ratio = median of the run-by-run ratios. The raw calls run in the bench process on the same bytes (no fetch, no storage, no database).`,
    columns: ["operation", "baseline (raw provider)", "Atrium (API)", "ratio"],
    rows: [
      [
        `upscale ${size} → 2×, POST /upscale (synchronous)`,
        seconds(median(upscale.raw)),
        seconds(median(upscale.api)),
        times(upscaleRatio),
      ],
      [
        `staging ${size}, POST /job fast → GET /jobs/{id} completed`,
        seconds(median(staging.raw)),
        seconds(median(staging.api)),
        times(pairedRatio(staging.api, staging.raw)),
      ],
      [
        "staging: job event queued → executor run started",
        "—",
        `median ${ms(median(staging.queued))}, worst ${ms(Math.max(...staging.queued))}`,
        "—",
      ],
      [
        "staging: output completed_at → first GET showing completed",
        "—",
        `median ${ms(median(staging.visible))}, worst ${ms(worstVisible)}`,
        "—",
      ],
    ],
    targets: [
      { name: "upscale ≤ 1.2× the raw provider call", met: upscaleRatio <= 1.2, detail: times(upscaleRatio) },
      {
        name: "job completion → visible < 1 s",
        met: worstVisible < 1000,
        detail: `worst of ${RUNS}: ${ms(worstVisible)} (polling every ${POLL_MS} ms)`,
      },
    ],
    notes: [],
  };
}
