/**
 * The system under test: the bench's own embedded Postgres with a fresh, migrated
 * database, a business account with ample credits and quota, and the production server
 * (`next start` of the bench build) on the bench port, configured by benchEnv().
 */
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { getDb, type Database } from "@/db/client";
import { embeddedUrl, ensureDatabase, ensureEmbeddedPostgres } from "@/db/embedded";
import { runMigrations } from "@/db/migrate";
import { createAccount } from "@/server/v1/services/accounts/create-account";
import { BUILD_DIR } from "./build";
import { startProcess, waitForHttp, type Started } from "../../test/process-harness";
import { BENCH_DATA_DIR, BENCH_PG_PORT, benchEnv, PORTS, REMOTE_PROVIDER, ROOT, type BenchProvider } from "./settings";

export interface BenchAccount {
  accountId: string;
  apiKey: string;
}

/** Starts (or joins) the bench Postgres and gives it an empty, migrated database. */
export async function freshDatabase(): Promise<Database> {
  const options = { dataDir: BENCH_DATA_DIR, port: BENCH_PG_PORT };
  await ensureEmbeddedPostgres(options);
  const admin = postgres(embeddedUrl(options, "postgres"), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "atrium" with (force)`);
  } finally {
    await admin.end();
  }
  await ensureDatabase(BENCH_PG_PORT, "atrium");
  await runMigrations(embeddedUrl(options));
  fs.rmSync(path.join(BENCH_DATA_DIR, "blobs"), { recursive: true, force: true });
  return getDb();
}

export async function benchAccount(db: Database, name: string, credits = 10_000_000): Promise<BenchAccount> {
  return createAccount({ db }, { name, plan: "business", credits, quota: 10_000_000 });
}

export interface AppServer {
  url: string;
  process: Started;
}

/**
 * `next start` of the bench build on the bench port, or on `port` with settings changed
 * by `env` (figure 14 runs a second server of the same build with the request log off).
 */
export async function startAppServer(
  account: BenchAccount,
  provider: BenchProvider = "local",
  variant: { port: number; env: Record<string, string>; label: string } = { port: PORTS.app, env: {}, label: "next start" },
): Promise<AppServer> {
  const next = path.join(ROOT, "node_modules/next/dist/bin/next");
  // BENCH_CPU_PROFILE_DIR: a V8 CPU profile of the server, written when it stops (Node refuses --cpu-prof in NODE_OPTIONS).
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const env = { ...benchEnv(provider), ...variant.env, PORT: String(variant.port) };
  const started = startProcess(
    variant.label,
    process.execPath,
    [...profile, next, "start", "-p", String(variant.port), "-H", "127.0.0.1"],
    { env, cwd: BUILD_DIR },
  );
  const url = `http://127.0.0.1:${variant.port}`;
  await waitForHttp(`${url}/api/v1/me`, { process: started, headers: { "x-api-key": account.apiKey }, accept: (s) => s === 200 });
  return { url, process: started };
}

export function startBaselineServer(): Started {
  return startProcess(
    "baseline server",
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "bench/api-overhead/baseline-server.ts"), String(PORTS.baseline)],
    { env: benchEnv(), cwd: ROOT },
  );
}

/** The remote-like provider: the Replicate double in its own process (settings.ts, REMOTE_PROVIDER). */
export async function startRemoteProvider(): Promise<Started> {
  const { token, predictionMs, baseUrl } = REMOTE_PROVIDER;
  const script = path.join(ROOT, "bench/children/replicate-double.ts");
  const started = startProcess(
    "replicate double",
    process.execPath,
    ["--import", "tsx", script, String(PORTS.replicate), token, String(predictionMs)],
    { env: benchEnv(), cwd: ROOT },
  );
  // Unauthenticated, it answers 401: it is up.
  await waitForHttp(`${baseUrl}/predictions/none`, { process: started, accept: (status) => status === 401 });
  return started;
}
