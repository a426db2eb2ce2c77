// Sums the JSON reports of the test stages into one closing line, "N passed, N failed".
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
// Browser specs that failed once and passed on their retry: counted as passed and reported as flaky.
let flaky = 0;
for (const file of (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((name) => name.endsWith(".json"))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  if ("numPassedTests" in report) {
    // vitest (jest-compatible JSON)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // playwright
    passed += report.stats.expected + report.stats.flaky;
    flaky += report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else if ("passed" in report && "failed" in report) {
    // the suites' own summaries (reliability, production)
    passed += report.passed;
    failed += report.failed;
  }
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}${flaky ? ` (${flaky} passed only on a retry: flaky)` : ""}`);
if (passed === 0) process.exitCode = 1;
