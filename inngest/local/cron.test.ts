/**
 * Cron triggers in the local executor: expressions read as Inngest reads them, one run
 * per tick however many instances share the database, and the studio's daily sweep of
 * unconfirmed uploads run by its tick.
 */
import { and, eq, gte, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { executorRuns } from "@/db/schema";
import { uploads } from "@/db/schema/studio-uploads";
import { getBlobStore } from "@/server/storage";
import { UPLOAD_CONFIRM_WINDOW_MS } from "@/server/studio/photos/remove-stale-uploads";
import { newPerson } from "@/test/callers";
import { inngest } from "../client";
import { removeStaleUploadsFunction } from "../functions/studio/remove-stale-uploads";
import { CRON_EVENT, parseCron } from "./cron";
import { LocalExecutor } from "./executor";
import { registerFunction, UnsupportedFunctionConfigError } from "./registry";
import { startTestExecutor, type TestExecutor } from "@/test/executor";

/** The tick (event.ts) each step execution saw. */
const stepTicks: number[] = [];
const everySecond = inngest.createFunction({ id: "t-every-second", triggers: [{ cron: "* * * * * *" }] }, async ({ event, step }) => {
  await step.run("tick", () => void stepTicks.push(event.ts!));
});

describe("cron expressions", () => {
  it("reads 5 fields, 6 with seconds, and a TZ= prefix; UTC without one", () => {
    const from = new Date("2026-11-24T08:00:03Z");
    expect(parseCron("17 3 * * *").next(from)).toEqual(new Date("2026-11-25T03:17:00Z"));
    expect(parseCron("TZ=Europe/Paris 0 12 * * 5").next(from)).toEqual(new Date("2026-11-27T11:00:00Z"));
    expect(parseCron("*/10 * * * * *").next(from)).toEqual(new Date("2026-11-24T08:00:10Z"));
  });

  it("refuses, loudly, an expression it cannot read", () => {
    expect(() => registerFunction({ id: "bad", triggers: [{ cron: "every day at noon" }] })).toThrow(UnsupportedFunctionConfigError);
    expect(() => registerFunction({ id: "bad", triggers: [{ cron: "61 * * * *" }] })).toThrow(UnsupportedFunctionConfigError);
  });
});

describe("cron triggers with two instances on one database", () => {
  let harness: TestExecutor;
  let second: LocalExecutor;
  const functionId = (suffix: string) => harness.executor.registered.find((fn) => fn.id.endsWith(suffix))!.id;

  beforeAll(async () => {
    harness = await startTestExecutor({ functions: [everySecond, removeStaleUploadsFunction] });
    second = new LocalExecutor({ ...harness.executor.options });
    await second.start();
  }, 60_000);
  afterAll(async () => {
    await second?.stop({ graceful: false });
    await harness?.stop();
  });

  it("starts one run per tick, with its scheduled event, though both instances fire every tick", async () => {
    const since = new Date();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await second.stop();
    const db = await getDb();
    const started = await db
      .select({ id: executorRuns.id })
      .from(executorRuns)
      .where(and(eq(executorRuns.functionId, functionId("t-every-second")), gte(executorRuns.createdAt, since)));
    const runs = await Promise.all(started.map(({ id }) => harness.waitForRun({ runId: id })));
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (const run of runs) {
      expect(run.status).toBe("completed");
      expect(run.event.name).toBe(CRON_EVENT);
      expect(run.event.data).toEqual({ cron: "* * * * * *" });
      expect(run.event.ts % 1000).toBe(0);
    }
    const ticks = runs.map((run) => run.event.ts).sort();
    // One run per tick: a second instance firing the same tick added no run.
    expect(new Set(ticks).size).toBe(runs.length);
    // And each tick's step ran once.
    expect(stepTicks.filter((tick) => tick >= since.getTime() - 1000).sort()).toEqual(expect.arrayContaining(ticks));
    for (const tick of ticks) expect(stepTicks.filter((t) => t === tick)).toHaveLength(1);
  }, 60_000);

  it("sweeps, once a day, an upload nobody confirmed within a day", async () => {
    const fn = harness.executor.registered.find((f) => f.id.endsWith("studio-remove-stale-uploads"))!;
    expect(fn.crons.map((cron) => cron.next(new Date("2026-11-24T08:00:00Z")))).toEqual([new Date("2026-11-25T03:17:00Z")]);

    const owner = await newPerson("Ulla");
    const { id: workspaceId } = await owner.api.workspaces.create({ name: "Sweep Realty" });
    const store = getBlobStore();
    const stale = `uploads/${workspaceId}/stale-${Date.now()}.jpg`;
    const recent = `uploads/${workspaceId}/recent-${Date.now()}.jpg`;
    for (const key of [stale, recent]) await store.put(key, Buffer.from("bytes"), "image/jpeg");
    const db = await getDb();
    await db.insert(uploads).values([
      { storageKey: stale, workspaceId, createdAt: new Date(Date.now() - UPLOAD_CONFIRM_WINDOW_MS - 60_000) },
      { storageKey: recent, workspaceId },
    ]);

    // The tick the timer would fire at 03:17 UTC, fired now.
    const runId = await harness.executor.fireCronTick(fn.id, fn.crons[0].expression, new Date());
    const run = await harness.waitForRun({ runId });
    expect(run.status).toBe("completed");
    expect(await store.get(stale)).toBeNull();
    expect(await store.get(recent)).not.toBeNull();
    const left = await db
      .select({ key: uploads.storageKey })
      .from(uploads)
      .where(inArray(uploads.storageKey, [stale, recent]));
    expect(left).toEqual([{ key: recent }]);
  }, 60_000);
});
