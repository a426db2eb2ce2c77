/**
 * Load from a separate process: the autocannon command line (devDependency), read back
 * as JSON. Latencies are milliseconds; in fixed-rate runs autocannon corrects them for
 * coordinated omission.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "../lib/settings";

const run = promisify(execFile);

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  /** Non-2xx answers, errors and timeouts: any makes the run suspect. */
  failures: number;
}

export async function load(
  url: string,
  options: { connections: number; seconds: number; rate?: number; headers: Record<string, string> },
): Promise<LoadResult> {
  const args = [
    path.join(ROOT, "node_modules/autocannon/autocannon.js"),
    "--json",
    "--no-progress",
    "-c",
    String(options.connections),
    "-d",
    String(options.seconds),
  ];
  if (options.rate) args.push("-R", String(options.rate));
  for (const [key, value] of Object.entries(options.headers)) args.push("-H", `${key}=${value}`);
  args.push(url);
  const { stdout } = await run(process.execPath, args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout.trim().split("\n").pop()!);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: (result.non2xx ?? 0) + (result.errors ?? 0) + (result.timeouts ?? 0),
  };
}
