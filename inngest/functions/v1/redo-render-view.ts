/**
 * Runs one redo of a sibling view (POST /multiview/redo): a fresh generation and gate
 * on the same row for the attempt the request started, then settles the set again.
 */
import { inngest } from "@/inngest/client";
import { providerConcurrency } from "@/inngest/concurrency";
import { multiviewRedoRequested } from "@/inngest/events";
import { createVerbContext } from "@/server/context";
import { failRenderView } from "@/server/v1/services/multiview/fail-render-view";
import { finishRenderSet } from "@/server/v1/services/multiview/finish-render-set";
import { generateRenderView } from "@/server/v1/services/multiview/generate-render-view";
import { runProviderStep } from "./provider-step";

export const redoRenderViewFunction = inngest.createFunction(
  { id: "v1-redo-render-view", retries: 3, triggers: [multiviewRedoRequested], concurrency: providerConcurrency("redesign") },
  async ({ event, step }) => {
    const { setId, viewId, attempt } = event.data;
    await runProviderStep(
      step,
      { work: "generate-view", fail: "fail-view" },
      (ctx) => generateRenderView(ctx, { viewId, attempt }),
      (ctx, error) => failRenderView(ctx, { viewId, attempt, error }),
    );
    return step.run("finish-set", async () => finishRenderSet(await createVerbContext(), { setId }));
  },
);
