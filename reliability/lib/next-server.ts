/**
 * One `next start` process of the production build, with its own port, database and
 * data folder. Every line it writes is kept for the secrets scan; its RSS is read from
 * /proc, and it can be killed with SIGKILL to simulate a crash.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface ServerOptions {
  name: string;
  port: number;
  dataDir: string;
  /** Settings on top of the suite's base environment. */
  env: Record<string, string>;
}

export interface NextServer {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  /** Every stdout and stderr line of every incarnation of this server. */
  readonly logs: string[];
  rssKb(): number;
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>;
  /** SIGKILL: no cleanup, no graceful stop. */
  crash(): Promise<void>;
  /** Start the same server again (same port, database and data folder). */
  restart(): Promise<void>;
}

/** Settings that would make the app use another database, executor or store than the suite's own. */
const INHERITED_BLOCKLIST =
  /^(DATABASE_URL|DATA_DIR|EMBEDDED_PG_PORT|PORT|APP_URL|INNGEST_|S3_|PROVIDER_|V1_|LOCAL_EXECUTOR_|ATRIUM_TEST_FAULTS|NEXT_RUNTIME)/;

export async function startNextServer(options: ServerOptions): Promise<NextServer> {
  const logs: string[] = [];
  const url = `http://127.0.0.1:${options.port}`;
  const logFile = path.join(options.dataDir, "server.log");
  fs.mkdirSync(options.dataDir, { recursive: true });
  let child: ChildProcess;
  let exited: Promise<void>;

  const launch = async () => {
    const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !INHERITED_BLOCKLIST.test(k)));
    child = spawn(
      process.execPath,
      [path.resolve("node_modules/next/dist/bin/next"), "start", "-p", String(options.port), "-H", "127.0.0.1"],
      {
        env: {
          ...base,
          NODE_ENV: "production",
          NEXT_TELEMETRY_DISABLED: "1",
          PORT: String(options.port),
          APP_URL: url,
          DATA_DIR: options.dataDir,
          ...options.env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    exited = new Promise((resolve) => child.once("exit", () => resolve()));
    for (const stream of [child.stdout!, child.stderr!]) {
      let pending = "";
      stream.on("data", (chunk: Buffer) => {
        const text = pending + chunk.toString("utf8");
        const lines = text.split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) logs.push(line);
        fs.appendFileSync(logFile, chunk);
      });
      stream.on("end", () => pending && logs.push(pending));
    }
    await waitUntilReady(url, logs, () => (child.exitCode ?? child.signalCode) !== null && `exit ${child.exitCode ?? child.signalCode}`);
  };

  await launch();
  return {
    name: options.name,
    url,
    get pid() {
      return child.pid!;
    },
    logs,
    rssKb: () => readRssKb(child.pid!),
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
    async crash() {
      child.kill("SIGKILL");
      await exited;
    },
    restart: launch,
  };
}

/** Ready when the v1 API answers (401 without a key) and the local executor has started. */
async function waitUntilReady(url: string, logs: string[], dead: () => string | false): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const exit = dead();
    if (exit) throw new Error(`next start ended early (${exit}):\n${logs.slice(-30).join("\n")}`);
    const executorUp = logs.some((line) => line.includes("local executor started"));
    const status = await fetch(`${url}/api/v1/me`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 401 && executorUp) return;
    if (Date.now() > deadline) throw new Error(`next start at ${url} not ready:\n${logs.slice(-30).join("\n")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function readRssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0);
}
