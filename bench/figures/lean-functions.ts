/**
 * Figure 12 (issue 30): what each serverless function carries, before and now, and how
 * long `next start` takes to answer its first request.
 *
 * Sizes: scripts/function-sizes.ts (the measure `npm test` holds to budgets) on the bench
 * build, against the same measure of commit 01ff764, the last one before functions were
 * made lean, recorded in bench/baselines/function-sizes-01ff764.json. Sizes are exact
 * and depend only on the build, so a recorded baseline stays valid.
 *
 * Cold start: `next start` of the bench build spawned, then GET /api/v1/me with the bench
 * key every 10 ms until it answers 200; baseline: the same to the framework floor
 * (/api/bench-floor, constant JSON, no app module). Alternating runs, a fresh process
 * each, on the bench database; no other server of the bench runs meanwhile.
 */
import fs from "node:fs";
import path from "node:path";
import { HEAVY_BUDGET, LEAN_BUDGET, MB, measureBuild, megabytes, overBudget } from "../../scripts/function-sizes";
import { freePort, startProcess } from "../../test/process-harness";
import { BUILD_DIR, FLOOR_ROUTE_PATH } from "../lib/build";
import type { Figure } from "../lib/report";
import { benchEnv, ROOT } from "../lib/settings";
import type { BenchAccount } from "../lib/stack";
import { median, pairedRatio, seconds, times } from "../lib/stats";

const BASELINE = "bench/baselines/function-sizes-01ff764.json";
const RUNS = 5;

interface Baseline {
  commit: string;
  functions: Record<string, { bytes: number }>;
}

/** Spawn → first 200 of `route`, in ms. */
async function coldStart(route: string, headers: Record<string, string>): Promise<number> {
  const port = await freePort();
  const next = path.join(ROOT, "node_modules/next/dist/bin/next");
  const started = performance.now();
  const server = startProcess("next start (cold)", process.execPath, [next, "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...benchEnv(), PORT: String(port) },
    cwd: BUILD_DIR,
  });
  try {
    const deadline = started + 60_000;
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`next start exited (${server.child.exitCode}):\n${server.tail()}`);
      const status = await fetch(`http://127.0.0.1:${port}${route}`, { headers })
        .then(async (response) => (await response.arrayBuffer(), response.status))
        .catch(() => 0);
      if (status === 200) return performance.now() - started;
      if (status !== 0) throw new Error(`${route} answered ${status} on a cold start`);
      if (performance.now() > deadline) throw new Error(`${route} did not answer within 60 s:\n${server.tail()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await server.stop();
  }
}

export async function leanFunctions(account: BenchAccount): Promise<Figure> {
  const baseline = JSON.parse(fs.readFileSync(path.join(ROOT, BASELINE), "utf8")) as Baseline;
  const now = measureBuild({ nextDir: path.join(BUILD_DIR, ".next"), projectRoot: BUILD_DIR });
  const functions = now.functions.filter((fn) => fn.name !== FLOOR_ROUTE_PATH);
  const rows = functions.map((fn) => {
    const before = baseline.functions[fn.name]?.bytes;
    return [
      fn.name,
      before ? megabytes(before) : "—",
      megabytes(fn.bytes),
      before ? times(fn.bytes / before) : "—",
      `${fn.budget / MB} MB`,
    ];
  });
  const overruns = functions.map(overBudget).filter((o) => o !== null);
  const bundleOverruns = now.bundles.filter((b) => b.bytes > b.budget && !b.names.includes(FLOOR_ROUTE_PATH));

  const floor: number[] = [];
  const me: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    floor.push(await coldStart(FLOOR_ROUTE_PATH, {}));
    me.push(await coldStart("/api/v1/me", { "x-api-key": account.apiKey }));
  }
  const coldRatio = pairedRatio(me, floor);
  rows.push([
    "cold start → first GET /api/v1/me (baseline: floor route)",
    seconds(median(floor)),
    seconds(median(me)),
    times(coldRatio),
    "—",
  ]);

  const largestLean = functions.filter((fn) => fn.budget === LEAN_BUDGET)[0];
  const largest = functions[0];
  return {
    id: 12,
    title: "Lean functions: traced size per serverless function before (01ff764) and now, and cold start",
    method: `Sizes: scripts/function-sizes.ts on the bench build (a function's files, its trace's files and the ${megabytes(now.shared.bytes)} every function carries; unzipped) against the same measure of ${baseline.commit.slice(0, 7)} (${BASELINE}). Cold start: medians of ${RUNS} alternating fresh \`next start\` processes, spawn → first 200; ratio = median of run-by-run ratios.`,
    columns: ["function", "before (01ff764)", "now", "now / before", "budget"],
    rows,
    targets: [
      {
        name: `every function within its budget (pages, sign-in, tRPC, reading routes < ${LEAN_BUDGET / MB} MB; others < ${HEAVY_BUDGET / MB} MB), Vercel's bundles too`,
        met: overruns.length === 0 && bundleOverruns.length === 0,
        detail: `largest ${largest.name} ${megabytes(largest.bytes)}; largest lean ${largestLean.name} ${megabytes(largestLean.bytes)}; over: ${[...overruns.map((o) => o.name), ...bundleOverruns.map((b) => b.names.join("+"))].join(", ") || "none"}`,
      },
    ],
    notes: [
      `cold start runs: floor ${floor.map(seconds).join(", ")}; GET /api/v1/me ${me.map(seconds).join(", ")}`,
      `Vercel bundles: ${now.bundles.map((b) => `${b.kind === "page" ? "pages" : "routes"} ${b.maxDuration ? `${b.maxDuration} s` : "default"} ${megabytes(b.bytes)} (${b.names.length})`).join("; ")}`,
    ],
  };
}
