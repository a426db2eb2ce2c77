/** Renders a video durably: the render step is retried on transient failures; a final failure refunds. */
import { inngest } from "@/inngest/client";
import { providerConcurrency } from "@/inngest/concurrency";
import { videoRequested } from "@/inngest/events";
import { createVerbContext } from "@/server/context";
import { finishVideo } from "@/server/v1/services/video/finish-video";
import { renderVideo } from "@/server/v1/services/video/render-video";
import { runProviderStep } from "./provider-step";

export const processVideo = inngest.createFunction(
  { id: "v1-process-video", retries: 2, triggers: [videoRequested], concurrency: providerConcurrency("video") },
  async ({ event, step }) => {
    const { jobId } = event.data;
    const rendered = await runProviderStep(
      step,
      { work: "render", fail: "fail" },
      (ctx) => renderVideo(ctx, { jobId }),
      (ctx, error) => finishVideo(ctx, { jobId, error }),
    );
    if (!rendered) return { status: "failed" };
    await step.run("announce", async () => finishVideo(await createVerbContext(), { jobId }));
    return { status: "completed" };
  },
);
