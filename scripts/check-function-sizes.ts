/**
 * `npm test`'s function-size stage (scripts/test-all.sh, after the production build):
 * prints the largest functions of `.next` and Vercel's bundles of them, names the files
 * that pushed any over its budget, writes `{passed, failed}` for the run's summary, and
 * exits non-zero when one is over or when `.next` is missing or older than the sources.
 * Usage: tsx scripts/check-function-sizes.ts [report.json]
 */
import fs from "node:fs";
import path from "node:path";
import { buildIsCurrent } from "@/test/build-freshness";
import { largestParts, MB, measureBuild, megabytes, overBudget, type FunctionSize } from "./function-sizes";

const SHOWN = 14;
const root = path.resolve(import.meta.dirname, "..");
const reportFile = process.argv[2];

function writeReport(passed: number, failed: number): void {
  if (!reportFile) return;
  fs.mkdirSync(path.dirname(reportFile), { recursive: true });
  fs.writeFileSync(reportFile, JSON.stringify({ passed, failed }));
}

if (!buildIsCurrent(root)) {
  console.log("No current production build: .next is missing or older than the sources (test/build-freshness.ts). Run `next build` first.");
  writeReport(0, 1);
  process.exit(1);
}

const { functions, bundles, shared } = measureBuild({ nextDir: path.join(root, ".next"), projectRoot: root });
const row = (cells: string[], widths: number[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
const budgetOf = (bytes: number) => `${bytes / MB} MB`;
const topParts = (fn: FunctionSize) =>
  largestParts(fn.files, 2)
    .map((p) => `${p.part.replace(/^node_modules\//, "")} ${megabytes(p.bytes)}`)
    .join(", ");

console.log(
  `Function sizes of .next (unzipped; each includes the ${megabytes(shared.bytes)} every function carries: instrumentation and Next's server)\n`,
);
const widths = [42, 9, 10, 0];
console.log(row(["function", "size", "budget", "  largest parts"], widths));
for (const fn of functions.slice(0, SHOWN))
  console.log(row([fn.name, megabytes(fn.bytes), budgetOf(fn.budget), `  ${topParts(fn)}`], widths));
const rest = functions.slice(SHOWN);
if (rest.length) console.log(`… and ${rest.length} more, each ${megabytes(rest[0].bytes)} or less`);

console.log("\nAs Vercel bundles them (entries of one kind and maxDuration share a function while it fits in 250 MB):\n");
console.log(row(["bundle", "size", "budget", "  entries"], [26, 9, 10, 0]));
for (const b of bundles) {
  const label = `${b.kind === "page" ? "pages" : "route handlers"}, ${b.maxDuration ? `${b.maxDuration} s` : "default"}`;
  const names = b.names.length > 4 ? `${b.names.length}: ${b.names.slice(0, 3).join(", ")}, …` : b.names.join(", ");
  console.log(row([label, megabytes(b.bytes), budgetOf(b.budget), `  ${names}`], [26, 9, 10, 0]));
}

const overruns = functions.map(overBudget).filter((o) => o !== null);
const bundleOverruns = bundles.filter((b) => b.bytes > b.budget);
for (const o of overruns) {
  console.log(
    `\n${o.name} is ${megabytes(o.bytes)}, over its ${budgetOf(o.budget)} budget by ${megabytes(o.bytes - o.budget)}. It would fit without:`,
  );
  for (const c of o.culprits) console.log(`  ${c.file} (${megabytes(c.bytes)})`);
  console.log(`  largest parts: ${o.largest.map((p) => `${p.part} ${megabytes(p.bytes)}`).join(", ")}`);
}
for (const b of bundleOverruns) {
  console.log(
    `\nThe bundle of ${b.names.join(", ")} is ${megabytes(b.bytes)}, over ${budgetOf(b.budget)}, the smallest budget of its routes.`,
  );
}

const failed = overruns.length + bundleOverruns.length;
const passed = functions.length + bundles.length - failed;
console.log(
  `\nfunction sizes: ${passed} within budget, ${failed} over${failed ? " (next.config.mjs, HEAVY_PARTS, decides which functions carry which heavy parts; docs/deploy.md)" : ""}`,
);
writeReport(passed, failed);
process.exit(failed ? 1 : 0);
