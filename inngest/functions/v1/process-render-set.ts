/**
 * Processes a multi-view set (D4, D7): the anchor first; if it fails, the set fails and
 * no sibling starts. Otherwise each sibling in view_index order is charged as it starts
 * (the first one the balance cannot cover ends the fan-out, unpaid), generated against
 * the anchor's output and gated. Every step settles rows conditionally, so replays are
 * harmless.
 */
import { inngest } from "@/inngest/client";
import { providerConcurrency } from "@/inngest/concurrency";
import { multiviewRequested } from "@/inngest/events";
import { createVerbContext } from "@/server/context";
import { ANCHOR_FAILED, failPendingSiblings, SIBLING_UNAFFORDABLE } from "@/server/v1/services/multiview/fail-pending-siblings";
import { failRenderView } from "@/server/v1/services/multiview/fail-render-view";
import { finishRenderSet } from "@/server/v1/services/multiview/finish-render-set";
import { generateRenderView } from "@/server/v1/services/multiview/generate-render-view";
import { planRenderSet } from "@/server/v1/services/multiview/plan-render-set";
import { startSibling } from "@/server/v1/services/multiview/start-sibling";
import { runProviderStep, type StepTools } from "./provider-step";

/** The first attempt of one view; false when it failed for good (and was refunded). */
function generateOrFail(step: StepTools, view: { id: string; viewIndex: number }): Promise<boolean> {
  return runProviderStep(
    step,
    { work: `generate-view-${view.viewIndex}`, fail: `fail-view-${view.viewIndex}` },
    (ctx) => generateRenderView(ctx, { viewId: view.id, attempt: 1 }),
    (ctx, error) => failRenderView(ctx, { viewId: view.id, attempt: 1, error }),
  );
}

export const processRenderSet = inngest.createFunction(
  { id: "v1-process-render-set", retries: 3, triggers: [multiviewRequested], concurrency: providerConcurrency("redesign") },
  async ({ event, step }) => {
    const { setId } = event.data;
    const plan = await step.run("list-views", async () => planRenderSet(await createVerbContext(), { setId }));
    if (!plan) return { status: "gone" };
    const [anchor, ...siblings] = plan.views;

    if (!(await generateOrFail(step, anchor))) {
      await step.run("fail-siblings-anchor-failed", async () =>
        failPendingSiblings(await createVerbContext(), { setId, fromIndex: 1, error: ANCHOR_FAILED }),
      );
      return step.run("finish-set", async () => finishRenderSet(await createVerbContext(), { setId }));
    }
    for (const sibling of siblings) {
      const start = await step.run(`start-view-${sibling.viewIndex}`, async () =>
        startSibling(await createVerbContext(), { accountId: plan.accountId, viewId: sibling.id }),
      );
      if (start === "insufficient_credits") {
        await step.run(`skip-views-from-${sibling.viewIndex}`, async () =>
          failPendingSiblings(await createVerbContext(), { setId, fromIndex: sibling.viewIndex, error: SIBLING_UNAFFORDABLE }),
        );
        break;
      }
      if (start === "started") await generateOrFail(step, sibling);
    }
    return step.run("finish-set", async () => finishRenderSet(await createVerbContext(), { setId }));
  },
);
