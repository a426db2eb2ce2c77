/**
 * Runs one redo of a sibling view (POST /multiview/redo): a fresh generation and gate
 * on the same row for the attempt the request started, then settles the set again.
 */
import type { ErrorInfo } from "@/db/schema";
import { inngest } from "@/inngest/client";
import { multiviewRedoRequested } from "@/inngest/events";
import { createServiceContext } from "@/server/v1/context";
import { failRenderView } from "@/server/v1/services/multiview/fail-render-view";
import { finishRenderSet } from "@/server/v1/services/multiview/finish-render-set";
import { generateRenderView } from "@/server/v1/services/multiview/generate-render-view";
import { providerFailure } from "@/server/v1/services/providers/provider-failure";
import { providerStep } from "./retryable";
import { providerConcurrency } from "@/inngest/concurrency";

export async function redoRenderViewHandler({ event, step }: { event: { data: { setId: string; viewId: string; attempt: number } }; step: any }) {
  const { setId, viewId, attempt } = event.data;
  let failure: ErrorInfo | null = null;
  try {
    const outcome = await step.run("generate-view", async () => providerStep(async () => generateRenderView(await createServiceContext(), { viewId, attempt })));
    if ("failed" in outcome) failure = outcome.failed;
  } catch (error) {
    failure = providerFailure(error);
  }
  if (failure) {
    const error = failure;
    await step.run("fail-view", async () => failRenderView(await createServiceContext(), { viewId, attempt, error }));
  }
  return step.run("finish-set", async () => finishRenderSet(await createServiceContext(), { setId }));
}

export const redoRenderViewFunction = inngest.createFunction(
  { id: "v1-redo-render-view", retries: 3, triggers: [multiviewRedoRequested], concurrency: providerConcurrency("redesign") },
  redoRenderViewHandler,
);
