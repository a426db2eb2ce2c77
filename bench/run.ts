/**
 * `npm run bench`: see bench/README.md. The bench's settings must be in place before any
 * app module is imported (env.ts reads the environment once), hence the dynamic import.
 */
import { applyBenchEnv, ROOT } from "./lib/settings";

const buildEnv = { ...process.env };
applyBenchEnv();
process.chdir(ROOT);
const { main } = await import("./main");
try {
  await main(process.argv.slice(2), buildEnv);
  process.exit(0);
} catch (error) {
  console.error("[bench] failed:", error);
  process.exit(1);
}
