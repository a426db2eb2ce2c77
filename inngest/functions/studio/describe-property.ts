/** Workflow 4's one durable step: the synchronous property-description call, retried only when the service was unreachable. */
import { inngest } from "@/inngest/client";
import { failGenerationOnFailure } from "./fail-generation-on-failure";
import { descriptionRequested } from "@/inngest/studio-events";
import { createStudioContext } from "@/server/studio/context";
import { runDescription } from "@/server/studio/generations/description/run-description";

export const describePropertyFunction = inngest.createFunction(
  { id: "studio-describe-property", retries: 3, triggers: [descriptionRequested], onFailure: failGenerationOnFailure },
  async ({ event, step }) => {
    const outcome = await step.run("describe", async () => runDescription(await createStudioContext(), event.data.generationId));
    return { status: outcome.ok ? "completed" : "failed" };
  },
);
