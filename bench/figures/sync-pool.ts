/**
 * Figure 10: the per-instance pool for in-request image work (issue 18 point 3). 32
 * clients each POST /upscale a 4000×3000 photo at once (a 48 MP output, the heaviest
 * synchronous job); a client refused with the documented 503 `server_busy` waits its
 * Retry-After and sends again, as the docs tell clients to. Against the same 32 requests
 * sent with only the pool's size in flight (no request ever queues): the pool should
 * cost little throughput, refuse only with the documented 503, and keep the server's
 * resident memory bounded.
 */
import { imageWorkPoolSize } from "@/server/v1/services/media/image-work-pool";
import { samplePeakRss, treeRss } from "../lib/process-rss";
import type { Figure } from "../lib/report";
import { mb, ratio, seconds } from "../lib/stats";
import { photoFile, type BenchContext } from "./context";

const REQUESTS = 32;
const PHOTO = "large" as const;
/** A stated bound per job in the pool: a 4000×3000 upscale peaks near 455 MB (docs/providers.md). */
const JOB_BOUND_MB = 500;

interface Outcome {
  refusals: number;
  failures: string[];
}

/** One client: sends until completed; a 503 server_busy with Retry-After is waited out, anything else is a failure. */
async function upscaleClient(ctx: BenchContext, outcome: Outcome): Promise<void> {
  for (;;) {
    const response = await fetch(`${ctx.app.url}/api/v1/upscale`, {
      method: "POST",
      headers: { "x-api-key": ctx.account.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ image_url: ctx.images.url(photoFile(PHOTO)) }),
    });
    const body = (await response.json()) as { status?: string; error?: { code?: string } };
    if (response.status === 200 && body.status === "completed") return;
    const retryAfter = Number(response.headers.get("retry-after"));
    if (response.status === 503 && body.error?.code === "server_busy" && retryAfter > 0) {
      outcome.refusals++;
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      continue;
    }
    outcome.failures.push(`${response.status} ${body.error?.code ?? body.status}`);
    return;
  }
}

async function run(ctx: BenchContext, inFlight: number): Promise<Outcome & { ms: number; peakRss: number }> {
  const outcome: Outcome = { refusals: 0, failures: [] };
  const sampler = samplePeakRss(ctx.app.process.child.pid!);
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < REQUESTS) {
        next++;
        await upscaleClient(ctx, outcome);
      }
    }),
  );
  const ms = performance.now() - start;
  return { ...outcome, ms, peakRss: sampler.stop() };
}

export async function syncPool(ctx: BenchContext): Promise<Figure> {
  const poolSize = imageWorkPoolSize();
  await upscaleClient(ctx, { refusals: 0, failures: [] }); // warm-up: module loading, JIT
  const idleRss = treeRss(ctx.app.process.child.pid!);
  const paced = await run(ctx, poolSize);
  const burst = await run(ctx, REQUESTS);
  const bound = idleRss + poolSize * JOB_BOUND_MB * 2 ** 20;
  const throughput = ratio(REQUESTS / burst.ms, REQUESTS / paced.ms);
  const row = (name: string, r: typeof paced) => [
    name,
    seconds(r.ms),
    `${((REQUESTS / r.ms) * 60_000).toFixed(1)}/min`,
    String(r.refusals),
    String(r.failures.length),
    mb(r.peakRss),
  ];
  return {
    id: 10,
    title: "Sync image pool",
    method: `${REQUESTS} POST /upscale of a 4000×3000 JPEG (48 MP out) against the production server with a pool of ${poolSize} (V1_SYNC_POOL_SIZE auto: min(cores, memory ÷ 450 MB)): all ${REQUESTS} clients at once, each retrying a 503 server_busy after its Retry-After, against the same ${REQUESTS} requests sent ${poolSize} at a time. Server memory: resident set of the next start process tree sampled every 100 ms.`,
    columns: ["case", "wall time", "throughput", "503 refusals", "other failures", "peak RSS"],
    rows: [
      row(`${poolSize} in flight (pool size)`, paced),
      row(`${REQUESTS} at once`, burst),
      ["server idle, before", "", "", "", "", mb(idleRss)],
    ],
    targets: [
      {
        name: "no failure but the documented 503",
        met: burst.failures.length === 0,
        detail: burst.failures.length ? burst.failures.join(", ") : `${burst.refusals} × 503 server_busy, then completed`,
      },
      {
        name: `peak RSS ≤ idle + pool × ${JOB_BOUND_MB} MB`,
        met: burst.peakRss <= bound,
        detail: `${mb(burst.peakRss)} (bound ${mb(bound)})`,
      },
      {
        name: "throughput ≥ 90 % of pool-size concurrency",
        met: throughput >= 0.9,
        detail: `${(throughput * 100).toFixed(0)} % (${seconds(burst.ms)} vs ${seconds(paced.ms)})`,
      },
    ],
    notes: [`Pool size ${poolSize} on this machine; V1_SYNC_QUEUE_TIMEOUT_MS decides how long a request waits before its 503.`],
  };
}
