/**
 * Figure 14: what the request log (D16) costs the hottest read. GET /me on the bench
 * server (request log on) against a second server of the same build started with
 * V1_REQUEST_LOG=off, which is what that setting exists for. Closed loop, the two
 * servers measured one at a time in alternation so both see the same machine; the
 * ratio is the median of the paired runs.
 */
import { sql } from "drizzle-orm";
import { load, type LoadResult } from "../api-overhead/load";
import type { Figure } from "../lib/report";
import { PORTS } from "../lib/settings";
import { startAppServer } from "../lib/stack";
import { fixed, ms, pairedRatio } from "../lib/stats";
import type { BenchContext } from "./context";

const CONNECTIONS = 10;
const SECONDS = 10;
const WARMUP_SECONDS = 3;
const ROUNDS = 5;

export async function requestLogOverhead(ctx: BenchContext): Promise<Figure> {
  const unlogged = await startAppServer(ctx.account, ctx.provider, {
    port: PORTS.logOff,
    env: { V1_REQUEST_LOG: "off" },
    label: "next start (request log off)",
  });
  try {
    const headers = { "x-api-key": ctx.account.apiKey };
    const servers = { on: ctx.app.url, off: unlogged.url };
    for (const url of Object.values(servers))
      await load(`${url}/api/v1/me`, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, headers });
    const runs: Record<"on" | "off", LoadResult[]> = { on: [], off: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which side goes first, so neither always follows the other's writes.
      const order = round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const);
      for (const side of order)
        runs[side].push(await load(`${servers[side]}/api/v1/me`, { connections: CONNECTIONS, seconds: SECONDS, headers }));
    }
    const share = pairedRatio(
      runs.on.map((r) => r.requestsPerSecond),
      runs.off.map((r) => r.requestsPerSecond),
    );
    const [logged] = await ctx.db.execute<{ rows: number; writes: number }>(
      // Rows written by one transaction share its xmin: how many writes carried the log.
      sql`select count(*)::int as rows, count(distinct xmin::text)::int as writes from v1.request_log where account_id = ${ctx.account.accountId}`,
    );
    const row = (side: "on" | "off") => [
      side === "on" ? "request log on (the deployment's default)" : "V1_REQUEST_LOG=off",
      runs[side].map((r) => `${fixed(r.requestsPerSecond, 0)}`).join(" / ") + " req/s",
      runs[side].map((r) => `${ms(r.p50)} / ${ms(r.p99)}`).join(", "),
    ];
    const failures = [...runs.on, ...runs.off].reduce((sum, r) => sum + r.failures, 0);
    return {
      id: 14,
      title: "Request log overhead: GET /me with the log on and off",
      method: `autocannon in its own process, ${CONNECTIONS} connections × ${SECONDS} s per run after a ${WARMUP_SECONDS} s warm-up of each; ${ROUNDS} rounds alternating the two servers (same build, same database; the second started with V1_REQUEST_LOG=off). Ratio = median of the rounds' on/off throughput.`,
      columns: ["server", `throughput per round`, "p50 / p99 per round"],
      rows: [row("off"), row("on")],
      targets: [
        { name: "GET /me throughput with the request log ≥ 95 % of without", met: share >= 0.95, detail: `${fixed(share * 100, 1)} %` },
      ],
      notes: [
        `The log holds ${logged?.rows ?? 0} rows of the bench account, written by ${logged?.writes ?? 0} transactions (keys' last use updated in the same ones).`,
        ...(failures ? [`${failures} non-2xx answers or errors during the runs: the figures above are suspect.`] : []),
      ],
    };
  } finally {
    await unlogged.process.stop();
  }
}
