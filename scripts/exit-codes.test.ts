/**
 * `npm test` must fail when a test fails. Two links of that chain are checked here on
 * purpose-built inputs: vitest's own exit code while the embedded PostgreSQL server runs
 * (its library's exit hook once turned a failing run into exit 0), and the closing summary
 * of the reports (scripts/sum-reports.mjs).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { freePort } from "@/test/process-harness";

const root = path.resolve(import.meta.dirname, "..");

describe("vitest's exit code with the embedded database started in its main process", () => {
  // Its own data folder and port, so this run starts (and owns) a server rather than
  // joining the one the surrounding run started, and a DATABASE_URL-free environment.
  async function runFixture(fixture: "failing" | "passing") {
    // Under the run's data folder: the server runs as the postgres user, which cannot enter
    // a private temporary folder of root's.
    const dataDir = path.join(process.env.DATA_DIR!, `exit-code-${fixture}`);
    const report = path.join(dataDir, "report.json");
    fs.mkdirSync(dataDir, { recursive: true });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      EXIT_CODE_FIXTURE: fixture,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
    };
    delete env.DATABASE_URL;
    delete env.VITEST;
    delete env.VITEST_WORKER_ID;
    delete env.VITEST_POOL_ID;
    try {
      const run = spawnSync(
        "npx",
        ["vitest", "run", "--config", "test/fixtures/exit-code/vitest.config.ts", "--reporter=json", `--outputFile.json=${report}`],
        {
          cwd: root,
          env,
          encoding: "utf8",
          timeout: 180_000,
        },
      );
      const { numPassedTests, numFailedTests } = JSON.parse(fs.readFileSync(report, "utf8")) as {
        numPassedTests: number;
        numFailedTests: number;
      };
      return { status: run.status, numPassedTests, numFailedTests };
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  test("a failing test exits non-zero", async () => {
    const run = await runFixture("failing");
    expect(run).toEqual({ status: 1, numPassedTests: 0, numFailedTests: 1 });
  });

  test("a passing test exits 0", async () => {
    const run = await runFixture("passing");
    expect(run).toEqual({ status: 0, numPassedTests: 1, numFailedTests: 0 });
  });
});

describe("the reports' summary", () => {
  function summarize(reports: Record<string, unknown>, expected: string[]) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-reports-"));
    for (const [name, report] of Object.entries(reports)) fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(report));
    try {
      return spawnSync(process.execPath, ["scripts/sum-reports.mjs", dir, ...expected], { cwd: root, encoding: "utf8" });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const vitestReport = (failed: number) => ({
    success: failed === 0,
    numPassedTests: 3,
    numFailedTests: failed,
    numPendingTests: 0,
    numTodoTests: 0,
  });
  const suiteReport = { passed: 5, failed: 0 };

  test("one failed test among passes exits non-zero", () => {
    const run = summarize({ vitest: vitestReport(1), "test:production": suiteReport }, ["vitest", "test:production"]);
    expect(run.stdout).toContain("8 passed, 1 failed");
    expect(run.status).toBe(1);
  });

  test("a stage that wrote no report exits non-zero", () => {
    const run = summarize({ vitest: vitestReport(0) }, ["vitest", "playwright"]);
    expect(run.stdout).toContain("no report from playwright");
    expect(run.status).toBe(1);
  });

  test("a vitest report without success exits non-zero even with no failed test counted", () => {
    const run = summarize({ vitest: { ...vitestReport(0), success: false } }, ["vitest"]);
    expect(run.status).toBe(1);
  });

  test("every report passing exits 0", () => {
    const run = summarize({ vitest: vitestReport(0), "test:production": suiteReport }, ["vitest", "test:production"]);
    expect(run.stdout).toContain("8 passed, 0 failed");
    expect(run.status).toBe(0);
  });
});
