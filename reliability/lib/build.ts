import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Builds the app unless a production build is already there (`npm test` builds before the suites). */
export async function ensureBuild(): Promise<void> {
  if (fs.existsSync(path.resolve(".next", "BUILD_ID"))) return;
  console.log("No production build in .next: running next build");
  const result = spawnSync(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status})`);
}
