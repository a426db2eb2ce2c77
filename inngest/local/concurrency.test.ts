/**
 * The local executor's `concurrency` against what Inngest documents: a limit counts
 * executing steps (a sleeping run holds no slot); a key splits the limit per value;
 * queued steps start oldest first as slots open; scope "account" with a key is one
 * limit shared by every function declaring it; across keys, a tenant's backlog does
 * not hold back another tenant's single step.
 */
import { eventType, staticSchema } from "inngest";
import { afterAll, beforeAll, expect, test } from "vitest";
import { inngest } from "../client";
import { startTestExecutor, type TestExecutor } from "@/test/executor";

type Data = { tag: string; accountId: string };
const limited = eventType("test/concurrency.limited", { schema: staticSchema<Data>() });
const keyed = eventType("test/concurrency.keyed", { schema: staticSchema<Data>() });
const shared = eventType("test/concurrency.shared", { schema: staticSchema<Data>() });
const fair = eventType("test/concurrency.fair", { schema: staticSchema<Data>() });
const napping = eventType("test/concurrency.napping", { schema: staticSchema<Data>() });

/** Executing steps per group, the most seen at once, and the order steps started in. */
const active = new Map<string, number>();
const peak = new Map<string, number>();
const started: string[] = [];
const hold = (group: string, tag: string, ms: number) => async () => {
  started.push(tag);
  const now = (active.get(group) ?? 0) + 1;
  active.set(group, now);
  peak.set(group, Math.max(peak.get(group) ?? 0, now));
  await new Promise((resolve) => setTimeout(resolve, ms));
  active.set(group, active.get(group)! - 1);
  return tag;
};

const limitedFn = inngest.createFunction({ id: "t-conc-limited", triggers: [limited], concurrency: 2 }, async ({ event, step }) =>
  step.run("work", hold("limited", event.data.tag, event.data.tag.startsWith("blocker") ? 1500 : 200)),
);

const keyedFn = inngest.createFunction(
  { id: "t-conc-keyed", triggers: [keyed], concurrency: { key: "event.data.accountId", limit: 1 } },
  async ({ event, step }) => step.run("work", hold(`keyed:${event.data.accountId}`, event.data.tag, 300)),
);

const sharedOptions = { concurrency: { scope: "account" as const, key: '"t-shared-provider"', limit: 1 } };
const sharedA = inngest.createFunction({ id: "t-conc-shared-a", triggers: [shared], ...sharedOptions }, async ({ event, step }) =>
  step.run("work", hold("shared", `a:${event.data.tag}`, 200)),
);
const sharedB = inngest.createFunction({ id: "t-conc-shared-b", triggers: [shared], ...sharedOptions }, async ({ event, step }) =>
  step.run("work", hold("shared", `b:${event.data.tag}`, 200)),
);

const fairFn = inngest.createFunction(
  {
    id: "t-conc-fair",
    triggers: [fair],
    concurrency: [
      { key: "event.data.accountId", limit: 1 },
      { scope: "account", key: '"t-fair-provider"', limit: 1 },
    ],
  },
  // Long steps: B's event may take a while to be processed on a loaded machine, and each
  // step that starts meanwhile is one more ahead of B; at 600 ms few can.
  async ({ event, step }) => step.run("work", hold("fair", event.data.tag, 600)),
);

const nappingFn = inngest.createFunction({ id: "t-conc-napping", triggers: [napping], concurrency: 1 }, async ({ event, step }) => {
  await step.run("before", hold("napping", `${event.data.tag}:before`, 50));
  await step.sleep("nap", event.data.tag === "sleeper" ? "3s" : "1ms");
  return step.run("after", hold("napping", `${event.data.tag}:after`, 50));
});

let harness: TestExecutor;
beforeAll(async () => {
  harness = await startTestExecutor({ functions: [limitedFn, keyedFn, sharedA, sharedB, fairFn, nappingFn], concurrency: 6 });
});
afterAll(async () => harness?.stop());

const send = async (events: Array<{ name: string; data: Data }>) => (await inngest.send(events)).ids;
const waitAll = (ids: string[], functionId?: string) =>
  Promise.all(ids.map((eventId) => harness.waitForRun({ eventId, functionId }, 60_000)));

test("a limit counts executing steps, and queued steps start oldest first", async () => {
  const blockers = await send([limited.create({ tag: "blocker1", accountId: "x" }), limited.create({ tag: "blocker2", accountId: "x" })]);
  while (active.get("limited") !== 2) await new Promise((resolve) => setTimeout(resolve, 20));
  const tags = ["l1", "l2", "l3", "l4", "l5", "l6"];
  const ids: string[] = [];
  // One at a time, so their order is defined; all queue behind the two blockers.
  for (const tag of tags) ids.push(...(await send([limited.create({ tag, accountId: "x" })])));
  const runs = await waitAll([...blockers, ...ids]);
  expect(runs.map((r) => r.status)).toEqual(runs.map(() => "completed"));
  expect(peak.get("limited")).toBe(2);
  // Admitted in order as slots open; two slots opening together may start their steps in either order.
  const order = started.filter((t) => /^l\d$/.test(t));
  expect([...order].sort()).toEqual(tags);
  tags.forEach((tag, i) => expect(Math.abs(order.indexOf(tag) - i)).toBeLessThanOrEqual(1));
});

test("a key applies the limit to each of its values", async () => {
  const events = ["k1", "k2", "k3"].flatMap((tag) => [
    keyed.create({ tag: `a-${tag}`, accountId: "a" }),
    keyed.create({ tag: `b-${tag}`, accountId: "b" }),
  ]);
  const runs = await waitAll(await send(events));
  expect(runs.every((r) => r.status === "completed")).toBe(true);
  expect(peak.get("keyed:a")).toBe(1);
  expect(peak.get("keyed:b")).toBe(1);
  // The two keys ran side by side: the first two steps to start were one of each.
  const ours = started.filter((t) => /^[ab]-k\d$/.test(t));
  expect(
    ours
      .slice(0, 2)
      .map((t) => t[0])
      .sort(),
  ).toEqual(["a", "b"]);
});

test("scope account with a key is one limit shared by every function declaring it", async () => {
  const ids = await send([shared.create({ tag: "s1", accountId: "x" }), shared.create({ tag: "s2", accountId: "x" })]);
  // Each event starts a run of both functions: wait for all four, not one per event.
  const runs = [...(await waitAll(ids, "atrium-t-conc-shared-a")), ...(await waitAll(ids, "atrium-t-conc-shared-b"))];
  expect(runs).toHaveLength(4);
  expect(runs.every((r) => r.status === "completed")).toBe(true);
  expect(peak.get("shared")).toBe(1);
  expect(started.filter((t) => /^[ab]:s/.test(t))).toHaveLength(4);
});

test("one tenant's backlog does not hold back another tenant's step (round-robin between keys)", async () => {
  const backlog: string[] = [];
  for (let i = 0; i < 8; i++) backlog.push(...(await send([fair.create({ tag: `A${i}`, accountId: "tenant-a" })])));
  while (!started.includes("A0")) await new Promise((resolve) => setTimeout(resolve, 20)); // A's backlog is queued and running
  const aheadOfB = started.filter((t) => /^A\d$/.test(t)).length;
  const [single] = await send([fair.create({ tag: "B0", accountId: "tenant-b" })]);
  await waitAll([...backlog, single]);
  expect(peak.get("fair")).toBe(1);
  const order = started.filter((t) => /^[AB]\d$/.test(t));
  // B waits for at most the step running when it arrived and one admitted before its event was processed.
  expect(aheadOfB).toBeLessThan(6);
  expect(order.indexOf("B0")).toBeLessThanOrEqual(aheadOfB + 2);
  // A's steps start oldest first; two of A's events processed together (two workers, a
  // loaded machine) may queue their first steps in either order, as in the first test.
  const aOrder = order.filter((t) => t.startsWith("A"));
  expect([...aOrder].sort()).toEqual(Array.from({ length: 8 }, (_, i) => `A${i}`));
  aOrder.forEach((tag, i) => expect(Math.abs(Number(tag.slice(1)) - i)).toBeLessThanOrEqual(1));
});

test("a sleeping run holds no slot", async () => {
  const [sleeper] = await send([napping.create({ tag: "sleeper", accountId: "x" })]);
  await new Promise((resolve) => setTimeout(resolve, 700)); // the sleeper is asleep
  const [other] = await send([napping.create({ tag: "other", accountId: "x" })]);
  const [otherRun] = await waitAll([other]);
  const [sleeperRun] = await waitAll([sleeper]);
  expect(otherRun.status).toBe("completed");
  expect(sleeperRun.status).toBe("completed");
  expect(peak.get("napping")).toBe(1);
  const order = started.filter((t) => t.startsWith("sleeper") || t.startsWith("other"));
  // The other run's step ran while the sleeper slept (its limit of 1 was free).
  expect(order[0]).toBe("sleeper:before");
  expect(order.indexOf("other:before")).toBeLessThan(order.indexOf("sleeper:after"));
});
