/** Renders a video durably: the render step is retried on transient failures; a final failure refunds. */
import { inngest } from "@/inngest/client";
import { videoRequested } from "@/inngest/v1-events";
import { createServiceContext } from "@/server/v1/context";
import { providerFailure } from "@/server/v1/services/providers/provider-failure";
import { finishVideo } from "@/server/v1/services/video/finish-video";
import { renderVideo } from "@/server/v1/services/video/render-video";
import { retryable } from "./retryable";

export const processVideo = inngest.createFunction(
  { id: "v1-process-video", retries: 2, triggers: [videoRequested] },
  async ({ event, step }) => {
    const { jobId } = event.data;
    try {
      await step.run("render", async () => retryable(async () => renderVideo(await createServiceContext(), { jobId })));
    } catch (error) {
      const info = providerFailure(error);
      await step.run("fail", async () => finishVideo(await createServiceContext(), { jobId, error: info }));
      return { status: "failed" };
    }
    await step.run("announce", async () => finishVideo(await createServiceContext(), { jobId }));
    return { status: "completed" };
  },
);
