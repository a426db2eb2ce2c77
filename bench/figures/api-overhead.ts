/**
 * Figure 1: what the framework and Atrium's request pipeline cost on the two hottest
 * read routes, against a bare node:http server running the same SQL (baseline-server.ts).
 * Closed loop (10 connections × 10 s) for throughput; 200 req/s fixed rate for latency.
 */
import crypto from "node:crypto";
import { jobGroups, jobOutputs } from "@/db/schema";
import { newBlobKey } from "@/server/storage";
import { load, type LoadResult } from "../api-overhead/load";
import { FLOOR_ROUTE_PATH } from "../lib/build";
import { waitForHttp } from "../../test/process-harness";
import type { Figure, Target } from "../lib/report";
import { PORTS } from "../lib/settings";
import { startBaselineServer } from "../lib/stack";
import { fixed, ms, ratio, times } from "../lib/stats";
import type { BenchContext } from "./context";

const CONNECTIONS = 10;
const SECONDS = 10;
const RATE = 200;
const WARMUP_SECONDS = 3;

async function seedCompletedJob(ctx: BenchContext): Promise<string> {
  const id = crypto.randomUUID();
  await ctx.db.insert(jobGroups).values({
    id,
    accountId: ctx.account.accountId,
    redesignType: "staging",
    roomType: "living_room",
    style: "modern",
    intensity: 0.6,
    environment: "interior",
    sourceUrl: "http://127.0.0.1/source.jpg",
    sourceKey: newBlobKey("source", "jpg"),
    outputCount: 1,
    status: "completed",
    completedAt: new Date(),
  });
  await ctx.db.insert(jobOutputs).values({
    groupId: id,
    position: 0,
    status: "completed",
    outputKey: newBlobKey("output", "jpg"),
    provider: "local",
    completedAt: new Date(),
  });
  return id;
}

export async function apiOverhead(ctx: BenchContext): Promise<Figure> {
  const jobId = await seedCompletedJob(ctx);
  const baseline = startBaselineServer();
  const headers = { "x-api-key": ctx.account.apiKey };
  const origins = { baseline: `http://127.0.0.1:${PORTS.baseline}`, atrium: ctx.app.url };
  try {
    await waitForHttp(`${origins.baseline}/api/v1/me`, { process: baseline, headers, accept: (s) => s === 200 });
    const rows: string[][] = [];
    const targets: Target[] = [];
    const notes: string[] = [];
    let meBaseline: LoadResult | undefined;
    // Issue 18 measures the hot path against the framework's own floor: what Next costs
    // for a route with no database is not ours to remove.
    await load(ctx.app.url + FLOOR_ROUTE_PATH, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, headers });
    const floor = await load(ctx.app.url + FLOOR_ROUTE_PATH, { connections: CONNECTIONS, seconds: SECONDS, headers });
    for (const [label, path] of [
      ["GET /me", "/api/v1/me"],
      ["GET /jobs/{id}", `/api/v1/jobs/${jobId}`],
    ] as const) {
      const closed: Partial<Record<"baseline" | "atrium", LoadResult>> = {};
      const paced: Partial<Record<"baseline" | "atrium", LoadResult>> = {};
      for (const side of ["baseline", "atrium"] as const) {
        await load(origins[side] + path, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, headers });
      }
      for (const side of ["baseline", "atrium"] as const)
        closed[side] = await load(origins[side] + path, { connections: CONNECTIONS, seconds: SECONDS, headers });
      for (const side of ["baseline", "atrium"] as const)
        paced[side] = await load(origins[side] + path, { connections: CONNECTIONS, seconds: SECONDS, rate: RATE, headers });
      const [b, a, bp, ap] = [closed.baseline!, closed.atrium!, paced.baseline!, paced.atrium!];
      meBaseline ??= b;
      rows.push(
        [
          label,
          `throughput, ${CONNECTIONS} conn × ${SECONDS} s`,
          `${fixed(b.requestsPerSecond, 0)} req/s`,
          `${fixed(a.requestsPerSecond, 0)} req/s`,
          times(ratio(a.requestsPerSecond, b.requestsPerSecond)),
        ],
        [label, "p50 / p99, same run", `${ms(b.p50)} / ${ms(b.p99)}`, `${ms(a.p50)} / ${ms(a.p99)}`, times(ratio(a.p99, b.p99))],
        [
          label,
          `p50 / p99 at ${RATE} req/s (achieved ${fixed(bp.requestsPerSecond, 0)} / ${fixed(ap.requestsPerSecond, 0)})`,
          `${ms(bp.p50)} / ${ms(bp.p99)}`,
          `${ms(ap.p50)} / ${ms(ap.p99)}`,
          times(ratio(ap.p99, bp.p99)),
        ],
      );
      const share = ratio(a.requestsPerSecond, b.requestsPerSecond);
      const ofFloor = ratio(a.requestsPerSecond, floor.requestsPerSecond);
      targets.push(
        { name: `${label} throughput ≥ 50 % of baseline`, met: share >= 0.5, detail: `${fixed(share * 100, 0)} %` },
        {
          name: `${label} throughput ≥ 80 % of the framework floor`,
          met: ofFloor >= 0.8,
          detail: `${fixed(ofFloor * 100, 0)} % (${fixed(a.requestsPerSecond, 0)} of ${fixed(floor.requestsPerSecond, 0)} req/s)`,
        },
        {
          name: `${label} p99 < 25 ms at ${RATE} req/s`,
          met: ap.p99 < 25 && ap.requestsPerSecond >= RATE * 0.95,
          detail: `${ms(ap.p99)} at ${fixed(ap.requestsPerSecond, 0)} req/s`,
        },
      );
      const failures = [b, a, bp, ap].reduce((sum, r) => sum + r.failures, 0);
      if (failures) notes.push(`${label}: ${failures} non-2xx answers or errors during the runs: the figures above are suspect.`);
    }
    rows.push([
      "framework floor",
      `Next route answering constant JSON, no database (bench build only), ${CONNECTIONS} conn × ${SECONDS} s; baseline = its GET /me run`,
      `${fixed(meBaseline!.requestsPerSecond, 0)} req/s`,
      `${fixed(floor.requestsPerSecond, 0)} req/s`,
      times(ratio(floor.requestsPerSecond, meBaseline!.requestsPerSecond)),
    ]);
    return {
      id: 1,
      title: "API overhead: next start vs a bare node:http server with the same SQL",
      method: `autocannon in its own process; closed loop ${CONNECTIONS} connections × ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up, then a fixed ${RATE} req/s for ${SECONDS} s. Both servers use one postgres.js pool of 10 against the bench database; ratio = Atrium / baseline.`,
      columns: ["route", "measure", "baseline", "Atrium", "ratio"],
      rows,
      targets,
      notes,
    };
  } finally {
    await baseline.stop();
  }
}
