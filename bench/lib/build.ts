/**
 * Makes sure .next holds a production build of the current sources, running
 * `next build` (the same as `npm run build`) when it is missing or older than any source
 * file. `--reuse-build` skips the age check; `--rebuild` always builds.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./settings";

const SOURCE_DIRS = ["app", "components", "server", "db", "inngest"];
const SOURCE_FILES = ["env.ts", "next.config.mjs", "proxy.ts", "instrumentation.ts", "package.json", "package-lock.json", "postcss.config.mjs", "tsconfig.json"];

function newestSourceMtime(): number {
  let newest = 0;
  const visit = (file: string) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file)) if (!entry.startsWith(".") && entry !== "testing") visit(path.join(file, entry));
    } else if (!/\.(test\.ts|md)$/.test(file)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const entry of [...SOURCE_DIRS, ...SOURCE_FILES]) visit(path.join(ROOT, entry));
  return newest;
}

export type BuildState = { built: false; reason: string } | { built: true; reason: string; ms: number };

export async function ensureBuild(options: { reuse: boolean; force: boolean; env: NodeJS.ProcessEnv }): Promise<BuildState> {
  const buildId = path.join(ROOT, ".next", "BUILD_ID");
  const builtAt = fs.statSync(buildId, { throwIfNoEntry: false })?.mtimeMs;
  if (!options.force && builtAt !== undefined) {
    if (options.reuse) return { built: false, reason: "existing .next reused (--reuse-build)" };
    if (builtAt >= newestSourceMtime()) return { built: false, reason: "existing .next is newer than every source file" };
  }
  const reason = options.force ? "--rebuild" : builtAt === undefined ? "no build in .next" : "sources changed since the last build";
  console.log(`[bench] running next build (${reason}) ...`);
  const start = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], { cwd: ROOT, env: options.env, stdio: ["ignore", "inherit", "inherit"] });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next build exited with ${code}`))));
  });
  return { built: true, reason, ms: performance.now() - start };
}
