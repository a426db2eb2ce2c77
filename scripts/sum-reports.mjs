// Sums the JSON reports of the test stages into one closing line, "N passed, N failed",
// and exits non-zero when any report counts a failed test, when a report the runner
// expected is missing (a stage that crashed before writing it), or when nothing passed.
// Usage: node scripts/sum-reports.mjs <reports folder> [expected report name …]
import fs from "node:fs";
import path from "node:path";

const [dir, ...expected] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
// Browser specs that failed once and passed on their retry: counted as passed, named below.
const flaky = [];
const problems = [];
const present = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith(".json")) : [];
for (const name of expected) {
  if (!present.includes(`${name}.json`)) problems.push(`no report from ${name}: the stage ended before writing it`);
}
for (const file of present) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  if ("numPassedTests" in report) {
    // vitest (jest-compatible JSON)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numFailedTests === 0 && report.success === false)
      problems.push(`${file}: vitest reports no success (a file failed to load or an error was unhandled)`);
  } else if (report.stats) {
    // playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    flaky.push(...flakySpecs(report));
  } else if ("passed" in report && "failed" in report) {
    // the suites' own summaries (reliability, production)
    passed += report.passed;
    failed += report.failed;
  } else {
    problems.push(`${file}: not a report this script can read`);
  }
}
console.log(
  `\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}${flaky.length ? ` (${flaky.length} passed only on a retry: flaky)` : ""}`,
);
for (const title of flaky) console.log(`flaky: ${title}`);
if (failed > 0) problems.push(`${failed} test${failed === 1 ? "" : "s"} failed`);
if (passed === 0) problems.push("no test passed");
for (const problem of problems) console.log(problem);
if (problems.length > 0) process.exitCode = 1;

/** The titles of the Playwright tests whose outcome was "flaky", with their file. */
function flakySpecs(report) {
  const titles = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "flaky") titles.push(`${spec.file ?? suite.file}: ${[...trail, spec.title].join(" › ")}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title].filter(Boolean));
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return titles;
}
