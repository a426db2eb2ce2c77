/** Renders a video durably: the render step is retried on transient failures; a final failure refunds. */
import { inngest } from "@/inngest/client";
import { videoRequested } from "@/inngest/events";
import { createServiceContext } from "@/server/v1/context";
import { providerFailure } from "@/server/v1/services/providers/provider-failure";
import { finishVideo } from "@/server/v1/services/video/finish-video";
import { renderVideo } from "@/server/v1/services/video/render-video";
import { providerStep } from "./retryable";
import { providerConcurrency } from "@/inngest/concurrency";

export const processVideo = inngest.createFunction(
  { id: "v1-process-video", retries: 2, triggers: [videoRequested], concurrency: providerConcurrency("video") },
  async ({ event, step }) => {
    const { jobId } = event.data;
    let failure = null;
    try {
      const outcome = await step.run("render", async () => providerStep(async () => renderVideo(await createServiceContext(), { jobId })));
      if ("failed" in outcome) failure = outcome.failed;
    } catch (error) {
      failure = providerFailure(error);
    }
    if (failure) {
      const error = failure;
      await step.run("fail", async () => finishVideo(await createServiceContext(), { jobId, error }));
      return { status: "failed" };
    }
    await step.run("announce", async () => finishVideo(await createServiceContext(), { jobId }));
    return { status: "completed" };
  },
);
