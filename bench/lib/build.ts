/**
 * The production build the bench runs: `next build` of a snapshot of the working tree in
 * .data/bench/app (node_modules linked), so a `next build` someone else starts in the
 * checkout meanwhile cannot swap .next under the running server, and the measured build is
 * exactly the sources of this run. The snapshot is rebuilt when any file that goes into the
 * build changed since the last bench build (the rule of test/build-freshness.ts); its .next/cache
 * is kept, so rebuilds are incremental. The snapshot gets one extra route, the framework
 * floor of figure 1 (FLOOR_ROUTE). `--reuse-build` skips the check, `--rebuild`
 * always builds.
 */
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { buildSources } from "@/test/build-freshness";
import { BENCH_DATA_DIR, ROOT } from "./settings";

export const BUILD_DIR = path.join(BENCH_DATA_DIR, "app");
/**
 * The framework's floor for figure 1, added to the snapshot only: a route handler that
 * answers constant JSON, no database. What no Next route can beat on this machine.
 */
export const FLOOR_ROUTE_PATH = "/api/bench-floor";
const FLOOR_ROUTE_FILE = "app/api/bench-floor/route.ts";
const FLOOR_ROUTE = `export const dynamic = "force-dynamic";
export async function GET() {
  return Response.json({ api_monthly_quota: 0, api_total_completed: 0, api_completed_month: 0 });
}
`;
const FINGERPRINT = path.join(BUILD_DIR, ".bench-fingerprint");
/** Kept across snapshots: the build (and its cache) and the link to node_modules. */
const KEPT = new Set([".next", "node_modules", ".bench-fingerprint"]);

/** Source files of the working tree. The lockfile stays out, so Next takes the checkout as the workspace root and node_modules resolves inside it. */
function sourceFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed.split("\0").filter((file) => file && file !== "package-lock.json" && fs.existsSync(path.join(ROOT, file)));
}

function fingerprint(files: string[]): string {
  const hash = crypto.createHash("sha256");
  for (const file of files) {
    const stat = fs.statSync(path.join(ROOT, file));
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest("hex");
}

function snapshot(files: string[]): void {
  fs.mkdirSync(BUILD_DIR, { recursive: true });
  for (const entry of fs.readdirSync(BUILD_DIR))
    if (!KEPT.has(entry)) fs.rmSync(path.join(BUILD_DIR, entry), { recursive: true, force: true });
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(BUILD_DIR, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(BUILD_DIR, file));
  }
  if (!fs.existsSync(path.join(BUILD_DIR, "node_modules")))
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(BUILD_DIR, "node_modules"));
  fs.mkdirSync(path.dirname(path.join(BUILD_DIR, FLOOR_ROUTE_FILE)), { recursive: true });
  fs.writeFileSync(path.join(BUILD_DIR, FLOOR_ROUTE_FILE), FLOOR_ROUTE);
}

export type BuildState = { built: false; reason: string } | { built: true; reason: string; ms: number };

export async function ensureBuild(options: { reuse: boolean; force: boolean; env: NodeJS.ProcessEnv }): Promise<BuildState> {
  const files = sourceFiles();
  const current = fingerprint(buildSources(ROOT));
  const hasBuild = fs.existsSync(path.join(BUILD_DIR, ".next", "BUILD_ID"));
  if (!options.force && hasBuild) {
    if (options.reuse) return { built: false, reason: "existing bench build reused (--reuse-build)" };
    if (fs.existsSync(FINGERPRINT) && fs.readFileSync(FINGERPRINT, "utf8") === current)
      return { built: false, reason: "bench build is up to date with the working tree" };
  }
  const reason = options.force ? "--rebuild" : hasBuild ? "sources changed since the last bench build" : "no bench build yet";
  console.log(`[bench] next build of a snapshot in ${path.relative(ROOT, BUILD_DIR)} (${reason}) ...`);
  const start = performance.now();
  fs.rmSync(FINGERPRINT, { force: true });
  snapshot(files);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
      cwd: BUILD_DIR,
      env: options.env,
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next build exited with ${code}`))));
  });
  fs.writeFileSync(FINGERPRINT, current);
  return { built: true, reason, ms: performance.now() - start };
}
