/**
 * The step flow of each studio durable function that drives a generation, run by
 * @inngest/test with every step mocked: which steps run, in which order, when the
 * service finishes, refuses, or is still working when a run's polls are spent. What the
 * steps do is tested against the database and the running service by the verbs' tests
 * and the HTTP tests (workflows.http.test.ts, batches).
 */
import { InngestTestEngine } from "@inngest/test";
import type { InngestFunction } from "inngest";
import { describe, expect, it } from "vitest";
import { describePropertyFunction } from "./describe-property";
import { inpaintUpscaleFunction } from "./inpaint-upscale-chain";
import { pollStagingFunction } from "./poll-functions";
import { MAX_ROUNDS } from "./poll-generation";
import { stageBatchFunction } from "./stage-batch";

type StepResults = Record<string, unknown>;

/** Inngest numbers a step id used again in one run: `id`, `id:1`, `id:2`… */
const repeated = (id: string, results: unknown[]) => results.map((value, n) => [n === 0 ? id : `${id}:${n}`, value] as const);

/** A poll of `id` (pollUntil's `-check` and `-wait` steps) answering `results` in order, sleeping between. */
const polls = (id: string, results: unknown[]): StepResults =>
  Object.fromEntries([
    ...repeated(`${id}-check`, results),
    ...repeated(
      `${id}-wait`,
      results.map(() => null),
    ),
  ]);

/**
 * Runs `fn` for one event with the given step results (sleeps included: a mocked step
 * returns at once). Returns the function's result or error, the step ids it ran in order
 * and the events it sent.
 */
async function run(fn: InngestFunction.Any, event: { name: string; data: Record<string, unknown> }, steps: StepResults) {
  const engine = new InngestTestEngine({
    function: fn,
    events: [event],
    steps: Object.entries(steps).map(([id, value]) => ({ id, handler: () => value })),
  });
  const { result, error, ctx } = await engine.execute();
  const calls = (mock: unknown) => (mock as { mock: { calls: [string, ...unknown[]][] } }).mock.calls;
  return {
    result,
    error: error as Error | undefined,
    ran: calls(ctx.step.run).map(([id]) => id),
    sent: calls(ctx.step.sendEvent).map(([, payload]) => payload),
  };
}

const working = { done: false };
const generation = { name: "studio/staging.poll", data: { generationId: "gen", round: 0 } };

describe("studio durable step flows (@inngest/test)", () => {
  it("a poller checks until the service is done, then stores the change maps once", async () => {
    const { result, ran, sent } = await run(pollStagingFunction, generation, {
      ...polls("status", [working, working, { done: true, value: "completed" }]),
      "change-maps": null,
    });
    expect(ran).toEqual(["status-check", "status-check", "status-check", "change-maps"]);
    expect(result).toEqual({ status: "completed" });
    expect(sent).toEqual([]);
  });

  it("a poller whose polls are spent continues in a fresh run, one round later", async () => {
    const { result, ran, sent } = await run(
      pollStagingFunction,
      { ...generation, data: { generationId: "gen", round: 3 } },
      polls("status", Array(15).fill(working)),
    );
    expect(ran.every((id) => id === "status-check")).toBe(true);
    expect(ran.length).toBe(15);
    expect(result).toEqual({ continued: true });
    expect(sent).toEqual([expect.objectContaining({ name: "studio/staging.poll", data: { generationId: "gen", round: 4 } })]);
  });

  it("a poller in its last round closes the generation as timed out and stops retrying", async () => {
    const { error, ran, sent } = await run(
      pollStagingFunction,
      { ...generation, data: { generationId: "gen", round: MAX_ROUNDS - 1 } },
      { ...polls("status", Array(15).fill(working)), "give-up": null },
    );
    expect(ran.at(-1)).toBe("give-up");
    expect(error?.name).toBe("NonRetriableError");
    expect(sent).toEqual([]);
  });

  it("the inpaint→upscale chain runs both steps, and stops after a refused inpaint or a missing image", async () => {
    const event = { name: "studio/inpaint-upscale.requested", data: { generationId: "gen" } };
    const ok = { ok: true };
    const chained = await run(inpaintUpscaleFunction, event, {
      "inpaint-links": {},
      inpaint: ok,
      "upscale-link": "http://img",
      upscale: ok,
      "change-maps": null,
    });
    expect(chained.ran).toEqual(["inpaint-links", "inpaint", "upscale-link", "upscale", "change-maps"]);
    expect(chained.result).toEqual({ status: "completed" });

    const refused = await run(inpaintUpscaleFunction, event, { "inpaint-links": {}, inpaint: { ok: false } });
    expect(refused).toMatchObject({ ran: ["inpaint-links", "inpaint"], result: { status: "failed", step: "inpaint" } });

    const noImage = await run(inpaintUpscaleFunction, event, { "inpaint-links": {}, inpaint: ok, "upscale-link": null });
    expect(noImage).toMatchObject({ ran: ["inpaint-links", "inpaint", "upscale-link"], result: { status: "failed", step: "upscale" } });

    // A refused upscale keeps the inpaint result: the chain still stores its change maps and reports the failure.
    const upscaleRefused = await run(inpaintUpscaleFunction, event, {
      "inpaint-links": {},
      inpaint: ok,
      "upscale-link": "http://img",
      upscale: { ok: false },
      "change-maps": null,
    });
    expect(upscaleRefused).toMatchObject({
      ran: ["inpaint-links", "inpaint", "upscale-link", "upscale", "change-maps"],
      result: { status: "failed" },
    });
  });

  it("a listing batch advances until it settles, or continues in a fresh run", async () => {
    const event = { name: "studio/batch.advance", data: { batchId: "b", round: 0 } };
    const settled = await run(stageBatchFunction, event, polls("advance", [working, { done: true, value: "completed" }]));
    expect(settled).toMatchObject({ ran: ["advance-check", "advance-check"], result: { status: "completed" }, sent: [] });

    const busy = await run(stageBatchFunction, event, polls("advance", Array(30).fill(working)));
    expect(busy.ran.length).toBe(30);
    expect(busy.result).toEqual({ continued: true });
    expect(busy.sent).toEqual([expect.objectContaining({ name: "studio/batch.advance", data: { batchId: "b", round: 1 } })]);
  });

  it("a property description is one step", async () => {
    const event = { name: "studio/description.requested", data: { generationId: "gen" } };
    expect(await run(describePropertyFunction, event, { describe: { ok: true } })).toMatchObject({
      ran: ["describe"],
      result: { status: "completed" },
    });
    expect(await run(describePropertyFunction, event, { describe: { ok: false } })).toMatchObject({
      ran: ["describe"],
      result: { status: "failed" },
    });
  });
});
