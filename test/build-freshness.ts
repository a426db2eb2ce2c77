/**
 * The one rule for when a production build (`.next`) is current, used by the Playwright
 * web server, the reliability suite, the production smoke suite and the bench: a build is
 * current when it is newer than every file git knows of (tracked, or new and not ignored)
 * that goes into it. Tests, suites, benches and docs do not go into the build, so editing
 * them never forces a rebuild; editing anything else always does.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const NOT_BUILT = [
  /\.test\.tsx?$/,
  /\.md$/,
  /^(e2e|bench|reliability|test|docs|scripts|\.ci|eslint)\//,
  /^(eslint\.config\.mjs|vitest\.config\.ts|playwright\.config\.ts)$/,
];

/** The files of the checkout at `root` that the production build is made from. */
export function buildSources(root: string): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed.split("\0").filter((file) => file && !NOT_BUILT.some((rule) => rule.test(file)) && fs.existsSync(path.join(root, file)));
}

function newestSourceMs(root: string): number {
  return Math.max(0, ...buildSources(root).map((file) => fs.statSync(path.join(root, file)).mtimeMs));
}

export function buildIsCurrent(root: string): boolean {
  const buildId = path.join(root, ".next", "BUILD_ID");
  return fs.existsSync(buildId) && fs.statSync(buildId).mtimeMs > newestSourceMs(root);
}

/** Runs `next build` in `root` with exactly `env` unless the build there is current. */
export function ensureBuild(root: string, options: { env: NodeJS.ProcessEnv; log: (line: string) => void }): void {
  if (buildIsCurrent(root)) {
    options.log("reusing the current .next build");
    return;
  }
  options.log("building: next build (sources changed since the last build, or none yet)…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    env: { NEXT_TELEMETRY_DISABLED: "1", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`next build failed:\n${(result.stdout + result.stderr).slice(-4000)}`);
}
