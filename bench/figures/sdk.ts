/**
 * Figures 16 and 17 (issue 27): what the SDK costs a customer's bundle, and what the MCP
 * server adds to the API call it wraps.
 * - 16: the SDK's ESM entry bundled for the browser with esbuild (minified, every export
 *   kept, its dependencies included), gzipped; baseline: openapi-fetch alone, bundled the
 *   same way. The MCP entry (`@atrium/sdk/mcp`, with the MCP SDK and zod) is reported apart.
 * - 17: MCP `stage_photo` over Streamable HTTP (/api/mcp, the bench key as Bearer) against
 *   the calls it makes: the SDK's createJob then waitForJob, polling at the same interval.
 */
import path from "node:path";
import zlib from "node:zlib";
import { createAtriumClient } from "@atrium/sdk";
import { build } from "esbuild";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { MCP_POLL_INTERVAL_MS } from "@/server/mcp/serve-mcp";
import type { Figure } from "../lib/report";
import { kb, median, pairedRatio, seconds, timed, times } from "../lib/stats";
import { photoFile, type BenchContext } from "./context";

const ROOT = path.resolve(import.meta.dirname, "../..");
const RUNS = 7;

async function gzippedBundle(entry: { contents: string } | { file: string }): Promise<{ raw: number; gzip: number }> {
  const result = await build({
    ...("file" in entry ? { entryPoints: [entry.file] } : { stdin: { contents: entry.contents, resolveDir: ROOT, loader: "ts" } }),
    bundle: true,
    format: "esm",
    platform: "browser",
    minify: true,
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  return { raw: code.length, gzip: zlib.gzipSync(code, { level: 9 }).length };
}

export async function sdkBundleSize(): Promise<Figure> {
  // Every export kept: a customer's bundler would drop what they do not import, so this is the most it can cost.
  const sdk = await gzippedBundle({ contents: `export * from "./packages/sdk/src/index.ts";` });
  const baseline = await gzippedBundle({ contents: `export * from "openapi-fetch";` });
  const mcp = await gzippedBundle({ contents: `export * from "./packages/sdk/src/mcp/index.ts";` });
  const ratio = sdk.gzip / baseline.gzip;
  return {
    id: 16,
    title: "SDK bundle size: @atrium/sdk (ESM, browser, minified, gzip) vs openapi-fetch alone",
    method: "esbuild bundles each entry with its dependencies (format esm, platform browser, minify, every export kept); gzip level 9.",
    columns: ["bundle", "minified", "gzip", "vs openapi-fetch"],
    rows: [
      ["openapi-fetch alone (baseline)", kb(baseline.raw), kb(baseline.gzip), "1.00×"],
      ["@atrium/sdk", kb(sdk.raw), kb(sdk.gzip), times(ratio)],
      ["@atrium/sdk/mcp (MCP server, zod included; Node only)", kb(mcp.raw), kb(mcp.gzip), times(mcp.gzip / baseline.gzip)],
    ],
    targets: [{ name: "@atrium/sdk < 20 kB gzip", met: sdk.gzip < 20 * 1024, detail: kb(sdk.gzip) }],
    notes: [
      "The SDK adds retries, wait helpers, typed errors and webhook verification (standardwebhooks and its SHA-256) to openapi-fetch.",
    ],
  };
}

export async function mcpStagePhoto(ctx: BenchContext): Promise<Figure> {
  const atrium = createAtriumClient({ baseUrl: `${ctx.app.url}/api/v1`, apiKey: ctx.account.apiKey });
  const client = new Client({ name: "bench", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${ctx.app.url}/api/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${ctx.account.apiKey}` } },
    }),
  );
  const input = {
    source_url: ctx.images.url(photoFile("small")),
    room_type: "living_room",
    redesign_type: "staging",
    style: "modern",
    fast: true,
  };
  const viaApi = async () => {
    const { jobId } = await atrium.createJob(input);
    const job = await atrium.waitForJob(jobId, { intervalMs: MCP_POLL_INTERVAL_MS });
    if (job.status !== "completed") throw new Error(`the job ended ${job.status}`);
  };
  const viaMcp = async () => {
    const result = await client.callTool({ name: "stage_photo", arguments: input });
    if (result.isError || (result.structuredContent as { status?: string })?.status !== "completed")
      throw new Error(`stage_photo answered ${JSON.stringify(result.content)}`);
  };
  const api: number[] = [];
  const mcp: number[] = [];
  try {
    await viaApi();
    await viaMcp(); // one untimed round each: the routes' first load
    for (let i = 0; i < RUNS; i++) {
      api.push((await timed(viaApi)).ms);
      mcp.push((await timed(viaMcp)).ms);
    }
  } finally {
    await client.close();
  }
  const ratio = pairedRatio(mcp, api);
  return {
    id: 17,
    title: "MCP stage_photo vs the API calls it wraps (POST /job, then GET /jobs/{id} until completed)",
    method: `A 1024×768 photo, one output, local provider; both poll every ${MCP_POLL_INTERVAL_MS} ms; medians of ${RUNS} alternating runs after one untimed round; ratio = median of the run-by-run ratios.`,
    columns: ["operation", "baseline (SDK createJob + waitForJob)", "Atrium (MCP stage_photo)", "ratio"],
    rows: [["stage one photo, waiting for it", seconds(median(api)), seconds(median(mcp)), times(ratio)]],
    targets: [{ name: "MCP stage_photo ≤ 1.1× the API call", met: ratio <= 1.1, detail: times(ratio) }],
    notes: [`runs: baseline ${api.map(seconds).join(", ")}; MCP ${mcp.map(seconds).join(", ")}`],
  };
}
