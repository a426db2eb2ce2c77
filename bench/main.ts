/**
 * The bench: builds if needed, starts the stack on its own database and ports, runs the
 * figures of issues 8 and 18 in a fixed order (the studio bundle and API figures while the
 * production server runs, then the ledger and provider table without it), prints each
 * as it finishes, and writes bench/RESULTS.md after a full run.
 *
 * Options: --only 1,4 (run some figures; RESULTS.md is then left alone unless --update-results
 * puts them into the last full run's), --reuse-build
 * (use .next as it is), --rebuild (always run next build).
 */
import { parseArgs } from "node:util";
import { closeDb } from "@/db/client";
import { apiOverhead } from "./figures/api-overhead";
import { billingFigure } from "./figures/billing";
import { photoFile, PHOTO_SIZES, type BenchContext, type PhotoName } from "./figures/context";
import { keptAreasTime } from "./figures/kept-areas";
import { leanFunctions } from "./figures/lean-functions";
import { ledgerThroughput } from "./figures/ledger";
import { listingBatch } from "./figures/listing-batch";
import { noisyNeighbour } from "./figures/noisy-neighbour";
import { pipelineOverhead } from "./figures/pipeline";
import { projectPage } from "./figures/project-page";
import { requestLogOverhead } from "./figures/request-log";
import { mcpStagePhoto, sdkBundleSize } from "./figures/sdk";
import { providerTable } from "./figures/provider-table";
import { structureCheckTime } from "./figures/structure-check";
import { studioJs } from "./figures/studio-js";
import { syncPool } from "./figures/sync-pool";
import { videoOverhead } from "./figures/video";
import { webhookDelivery } from "./figures/webhook-delivery";
import { ensureBuild, type BuildState } from "./lib/build";
import { benchPhoto, serveImages } from "./lib/images";
import { describeMachine, machineLines } from "./lib/machine";
import { stopAll } from "../test/process-harness";
import { failedFigure, perProvider, renderText, type Figure } from "./lib/report";
import { updateResults, writeResults } from "./lib/results-file";
import { BENCH_STRIPE, PORTS, REMOTE_PROVIDER, type BenchProvider } from "./lib/settings";
import { startStripeDouble, type StripeDouble } from "../test/doubles/stripe";
import { benchAccount, freshDatabase, startAppServer, startRemoteProvider, type AppServer } from "./lib/stack";
import { closeSenderQueue } from "@/inngest/local/queue";
import { seconds } from "./lib/stats";

const PROVIDER_LABELS: Record<BenchProvider, string> = { local: "local provider", remote: "remote-like provider" };
const TITLES: Record<number, string> = {
  1: "API overhead",
  2: "Pipeline overhead",
  3: "Video",
  4: "Credit ledger",
  5: "Local provider table",
  6: "Studio first-load JS",
  7: "Noisy neighbour",
  8: "Project page with 80 photos",
  9: "Whole-listing batch",
  10: "Sync image pool",
  11: "Structure check",
  12: "Lean functions",
  13: "Payments",
  14: "Request log overhead",
  15: "Webhook delivery",
  16: "SDK bundle size",
  17: "MCP stage_photo",
  18: "Kept areas",
};

export async function main(argv: string[], buildEnv: NodeJS.ProcessEnv): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: "string" },
      "reuse-build": { type: "boolean" },
      rebuild: { type: "boolean" },
      "update-results": { type: "boolean" },
    },
  });
  const only = values.only ? new Set(values.only.split(",").map(Number)) : null;
  const wants = (id: number) => !only || only.has(id);
  const needsApp = [1, 2, 3, 6, 7, 8, 9, 10, 13, 14, 15, 17].some(wants);
  const needsBuild = needsApp || wants(12);
  const startedAt = new Date();
  const start = performance.now();
  const machine = describeMachine();
  console.log(["[bench] machine:", ...machineLines(machine).map((l) => `  ${l}`)].join("\n"));

  const build: BuildState | null = needsBuild
    ? await ensureBuild({ reuse: Boolean(values["reuse-build"]), force: Boolean(values.rebuild), env: buildEnv })
    : null;
  if (build) console.log(`[bench] build: ${build.reason}${build.built ? ` (${seconds(build.ms)})` : ""}`);
  let db = await freshDatabase();
  let account = await benchAccount(db, "bench");
  const photos: Record<string, Buffer> = {};
  for (const name of Object.keys(PHOTO_SIZES) as PhotoName[]) photos[photoFile(name)] = await benchPhoto(PHOTO_SIZES[name]);
  const images = await serveImages(PORTS.images, photos);
  const figures: Figure[] = [];
  const record = async (id: number, measure: () => Promise<Figure>) => {
    if (!wants(id)) return;
    console.log(`[bench] figure ${id}: ${TITLES[id]} ...`);
    let figure: Figure;
    try {
      figure = await measure();
    } catch (error) {
      figure = failedFigure(id, TITLES[id], error);
    }
    figures.push(figure);
    console.log(renderText(figure));
  };
  // Figures 7 and 9 run once per staging provider; their parts become one figure at the end.
  const parts = new Map<number, { label: string; figure: Figure }[]>();
  const recordPart = async (id: number, provider: BenchProvider, measure: () => Promise<Figure>) => {
    if (!wants(id)) return;
    const label = PROVIDER_LABELS[provider];
    console.log(`[bench] figure ${id}: ${TITLES[id]}, ${label} ...`);
    let figure: Figure;
    try {
      figure = await measure();
    } catch (error) {
      figure = failedFigure(id, TITLES[id], error);
    }
    parts.set(id, [...(parts.get(id) ?? []), { label, figure }]);
    console.log(renderText(figure));
  };

  let app: AppServer | null = null;
  let stripe: StripeDouble | null = null;
  try {
    // First, while no server of the bench runs: it starts and stops its own.
    await record(12, () => leanFunctions(account));
    if (wants(13))
      stripe = await startStripeDouble({
        port: PORTS.stripe,
        secretKey: BENCH_STRIPE.secretKey,
        webhookSecret: BENCH_STRIPE.webhookSecret,
      });
    if (needsApp) {
      console.log("[bench] starting next start ...");
      app = await startAppServer(account);
    }
    const ctx = app ? ({ db, account, app, images, photos, provider: "local" } satisfies BenchContext) : null;
    await record(6, () => studioJs(app?.url ?? null));
    if (ctx) {
      await record(1, () => apiOverhead(ctx));
      await record(14, () => requestLogOverhead(ctx));
      await record(15, () => webhookDelivery(ctx));
      await record(2, () => pipelineOverhead(ctx));
      await record(3, () => videoOverhead(ctx));
      await record(17, () => mcpStagePhoto(ctx));
      await record(8, () => projectPage(ctx));
      await record(10, () => syncPool(ctx));
      if (stripe) await record(13, () => billingFigure(ctx, stripe!));
      await recordPart(9, "local", () => listingBatch(ctx));
      // Last on this server: it leaves a backlog of jobs running.
      await recordPart(7, "local", () => noisyNeighbour(ctx));
    }
    await app?.process.stop();
    if (wants(7) || wants(9)) {
      // The same two figures with the remote-like provider, on a fresh database (the local backlog of figure 7 is dropped with it).
      console.log(
        `[bench] starting the Replicate double (${REMOTE_PROVIDER.predictionMs} ms per prediction) and next start with the Replicate adapter ...`,
      );
      await closeSenderQueue();
      await closeDb();
      db = await freshDatabase();
      account = await benchAccount(db, "bench");
      const double = await startRemoteProvider();
      app = await startAppServer(account, "remote");
      const remote = { db, account, app, images, photos, provider: "remote" } satisfies BenchContext;
      await recordPart(9, "remote", () => listingBatch(remote));
      await recordPart(7, "remote", () => noisyNeighbour(remote));
      await app.process.stop();
      await double.stop();
    }
    for (const [id, measured] of parts) figures.push(perProvider(id, TITLES[id], measured));
    await record(4, () => ledgerThroughput(db));
    await record(5, () => providerTable(photos));
    await record(11, () => structureCheckTime(photos));
    await record(18, () => keptAreasTime());
    await record(16, () => sdkBundleSize());
  } finally {
    await stripe?.close();
    await stopAll();
    await images.close();
    await closeDb();
  }
  figures.sort((a, b) => a.id - b.id);
  const totalMs = performance.now() - start;
  const summary = figures.flatMap((f) => f.targets.map((t) => `  ${t.met ? "met   " : "MISSED"} ${f.id}. ${t.name}: ${t.detail}`));
  console.log(["\n== Targets", ...summary, `\n[bench] done in ${seconds(totalMs)}`].join("\n"));
  if (!only) console.log(`[bench] wrote ${writeResults({ figures, machine, build, totalMs, startedAt })}`);
  else if (values["update-results"]) console.log(`[bench] updated ${updateResults({ figures, machine, startedAt })}`);
}
