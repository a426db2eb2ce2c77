/**
 * Two app processes, one database (the self-hosted scale-out path): every job is
 * processed exactly once, the work is spread over both, and the work of an instance
 * killed mid-way is finished by the other.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { spawnInstance, type SpawnedInstance } from "@/test/spawn-instance";
import { tallyRequested } from "@/test/tally-function";
import { inngest } from "../client";
import { closeSenderQueue } from "./queue";
import { waitForRun } from "@/test/executor";

const tallyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "atrium-tally-")), "tally.txt");
let instances: SpawnedInstance[] = [];

beforeAll(async () => {
  fs.writeFileSync(tallyFile, "");
  instances = await Promise.all([0, 1].map(() => spawnInstance({ TALLY_FILE: tallyFile }, "test/executor-instance.ts")));
}, 120_000);
afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await closeSenderQueue();
});

/** [n, pid] of each line of one kind ("start" or "done"). */
const tally = (kind: "start" | "done") =>
  fs
    .readFileSync(tallyFile, "utf8")
    .split("\n")
    .filter((line) => line.startsWith(`${kind} `))
    .map((line) => line.split(" ").slice(1).map(Number) as [number, number]);

async function sendJobs(from: number, count: number, ms: number): Promise<string[]> {
  const { ids } = await inngest.send(Array.from({ length: count }, (_, i) => tallyRequested.create({ n: from + i, ms })));
  return ids;
}

it("processes every job exactly once, spread over both instances", async () => {
  const ids = await sendJobs(0, 24, 150);
  const runs = await Promise.all(ids.map((eventId) => waitForRun({ eventId }, 90_000)));
  expect(runs.every((r) => r.status === "completed")).toBe(true);
  const lines = tally("done").filter(([n]) => n < 24);
  expect(lines.map(([n]) => n).sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i));
  const pids = new Set(lines.map(([, pid]) => pid));
  expect(pids).toEqual(new Set(instances.map((i) => i.process.pid)));
}, 120_000);

it("finishes a killed instance's work on the other", async () => {
  const [victim, survivor] = instances;
  const ids = await sendJobs(100, 12, 2000);
  // Kill one instance while it is inside a step.
  const deadline = Date.now() + 60_000;
  while (!tally("start").some(([n, pid]) => n >= 100 && pid === victim.process.pid) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  victim.process.kill("SIGKILL");
  const heldByVictim = tally("start")
    .filter(([n, pid]) => n >= 100 && pid === victim.process.pid)
    .map(([n]) => n);
  expect(heldByVictim.length).toBeGreaterThan(0);
  const runs = await Promise.all(ids.map((eventId) => waitForRun({ eventId }, 90_000)));
  expect(runs.every((r) => r.status === "completed")).toBe(true);
  const done = tally("done").filter(([n]) => n >= 100);
  expect(new Set(done.map(([n]) => n))).toEqual(new Set(Array.from({ length: 12 }, (_, i) => 100 + i)));
  // What the victim held when it died was finished by the survivor.
  for (const n of heldByVictim) expect(done.filter(([m]) => m === n).map(([, pid]) => pid)).toEqual([survivor.process.pid]);
}, 120_000);
