/**
 * The smoke suite runs the built app. It reuses .next when its build is newer than every
 * source file that goes into it, and builds otherwise, the way a deployment would: with
 * no database and no secrets in the environment.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const SOURCES = ["app", "components", "server", "db", "inngest", "env.ts", "instrumentation.ts", "proxy.ts", "next.config.mjs", "package.json", "postcss.config.mjs"];
const IGNORED = /(\.test\.ts|\.d\.ts)$/;

function newestSourceMs(root: string): number {
  let newest = 0;
  const visit = (entry: string) => {
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
    else if (!IGNORED.test(entry)) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const source of SOURCES) if (fs.existsSync(path.join(root, source))) visit(path.join(root, source));
  return newest;
}

export function buildIsCurrent(root: string): boolean {
  const buildId = path.join(root, ".next", "BUILD_ID");
  return fs.existsSync(buildId) && fs.statSync(buildId).mtimeMs > newestSourceMs(root);
}

export function ensureBuild(root: string, log: (line: string) => void): void {
  if (buildIsCurrent(root)) {
    log("reusing the current .next build");
    return;
  }
  log("building (next build, no database or secrets in the environment)…");
  const result = spawnSync("npx", ["next", "build"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`next build failed:\n${(result.stdout + result.stderr).slice(-4000)}`);
}
