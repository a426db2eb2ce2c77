/**
 * The step flow of each v1 durable function, run by @inngest/test with every step
 * mocked: which steps run, in which order, for success, a permanent provider failure
 * (returned as data by the work step) and a shortfall of credits. What the steps do is
 * tested against the database by the verbs' own tests and the HTTP tests.
 */
import { InngestTestEngine } from "@inngest/test";
import type { InngestFunction } from "inngest";
import { describe, expect, it } from "vitest";
import { deliverWebhookFunction } from "./deliver-webhook";
import { processJobGroup } from "./process-job-group";
import { processRenderSet } from "./process-render-set";
import { processVideo } from "./process-video";
import { redoRenderViewFunction } from "./redo-render-view";
import { settleAbandonedSyncJobsFunction } from "./settle-abandoned-sync-jobs";

const refused = { failed: { code: "provider_refused", message: "The provider refused the image." } };
const done = { ok: null };

/** Runs `fn` for one event with the given step results; returns its result and the step ids it ran, in order. */
async function run(fn: InngestFunction.Any, event: { name: string; data: Record<string, unknown> }, steps: Record<string, unknown>) {
  const engine = new InngestTestEngine({
    function: fn,
    events: [event],
    steps: Object.entries(steps).map(([id, value]) => ({ id, handler: () => value })),
  });
  const { result, error, ctx } = await engine.execute();
  if (error) throw error;
  const ran = (ctx.step.run as unknown as { mock: { calls: [string][] } }).mock.calls.map(([id]) => id);
  return { result, ran };
}

describe("v1 durable step flows (@inngest/test)", () => {
  it("a job group generates each output in order, records a permanent failure once, then settles", async () => {
    const { result, ran } = await run(
      processJobGroup,
      { name: "v1/job.requested", data: { groupId: "g", accountId: "a" } },
      {
        "list-outputs": ["o1", "o2", "o3"],
        "generate-output-0": done,
        "generate-output-1": refused,
        "fail-output-1": null,
        "generate-output-2": done,
        "finish-group": { status: "partial" },
      },
    );
    expect(ran).toEqual(["list-outputs", "generate-output-0", "generate-output-1", "fail-output-1", "generate-output-2", "finish-group"]);
    expect(result).toEqual({ status: "partial" });
  });

  it("a multi-view set whose anchor fails starts no sibling", async () => {
    const views = [0, 1, 2].map((viewIndex) => ({ id: `v${viewIndex}`, viewIndex }));
    const { ran } = await run(
      processRenderSet,
      { name: "v1/multiview.requested", data: { setId: "s", accountId: "a" } },
      {
        "list-views": { accountId: "a", views },
        "generate-view-0": refused,
        "fail-view-0": null,
        "fail-siblings-anchor-failed": null,
        "finish-set": null,
      },
    );
    expect(ran).toEqual(["list-views", "generate-view-0", "fail-view-0", "fail-siblings-anchor-failed", "finish-set"]);
  });

  it("a multi-view set charges each sibling as it starts and stops the fan-out at the first it cannot afford", async () => {
    const views = [0, 1, 2, 3].map((viewIndex) => ({ id: `v${viewIndex}`, viewIndex }));
    const { ran } = await run(
      processRenderSet,
      { name: "v1/multiview.requested", data: { setId: "s", accountId: "a" } },
      {
        "list-views": { accountId: "a", views },
        "generate-view-0": done,
        "start-view-1": "started",
        "generate-view-1": done,
        "start-view-2": "insufficient_credits",
        "skip-views-from-2": null,
        "finish-set": null,
      },
    );
    expect(ran).toEqual([
      "list-views",
      "generate-view-0",
      "start-view-1",
      "generate-view-1",
      "start-view-2",
      "skip-views-from-2",
      "finish-set",
    ]);
  });

  it("a set that is gone ends at once", async () => {
    const { result, ran } = await run(
      processRenderSet,
      { name: "v1/multiview.requested", data: { setId: "s", accountId: "a" } },
      { "list-views": null },
    );
    expect(result).toEqual({ status: "gone" });
    expect(ran).toEqual(["list-views"]);
  });

  it("a redo records its failure and settles the set again", async () => {
    const { ran } = await run(
      redoRenderViewFunction,
      { name: "v1/multiview.redo-requested", data: { setId: "s", viewId: "v1", attempt: 2, accountId: "a" } },
      { "generate-view": refused, "fail-view": null, "finish-set": null },
    );
    expect(ran).toEqual(["generate-view", "fail-view", "finish-set"]);
  });

  it("a video is announced when rendered and failed (refunded) when refused", async () => {
    const event = { name: "v1/video.requested", data: { jobId: "j", accountId: "a" } };
    const rendered = await run(processVideo, event, { render: done, announce: null });
    expect(rendered).toEqual({ result: { status: "completed" }, ran: ["render", "announce"] });
    const failed = await run(processVideo, event, { render: refused, fail: null });
    expect(failed).toEqual({ result: { status: "failed" }, ran: ["render", "fail"] });
  });

  it("a delivery's run waits for each due time and attempts until nothing is due; a manual one is a single attempt", async () => {
    const failed = { outcome: "failed", retryAt: "2026-01-01T00:00:05.000Z", disabled: null };
    const { result, ran } = await run(
      deliverWebhookFunction,
      { name: "v1/webhook.delivery-requested", data: { deliveryId: "d" } },
      // Sleeps are mocked too: an unmocked one never ends under @inngest/test.
      {
        "due-1": "2026-01-01T00:00:00.000Z",
        "wait-1": null,
        "attempt-1": failed,
        "due-2": "2026-01-01T00:00:05.000Z",
        "wait-2": null,
        "attempt-2": { ...failed, outcome: "delivered", retryAt: null },
        "due-3": null,
      },
    );
    expect(ran).toEqual(["due-1", "attempt-1", "due-2", "attempt-2", "due-3"]);
    expect(result).toBe("done");
    const manual = await run(
      deliverWebhookFunction,
      { name: "v1/webhook.delivery-requested", data: { deliveryId: "d", manual: true } },
      { attempt: { outcome: "delivered" } },
    );
    expect(manual).toEqual({ result: "delivered", ran: ["attempt"] });
  });

  it("the sweep of interrupted synchronous jobs is one step per tick, outside any request", async () => {
    const { result, ran } = await run(settleAbandonedSyncJobsFunction, { name: "inngest/scheduled.timer", data: {} }, { settle: 2 });
    expect(ran).toEqual(["settle"]);
    expect(result).toEqual({ settled: 2 });
  });
});
