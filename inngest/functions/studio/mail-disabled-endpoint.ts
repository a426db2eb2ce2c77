/** Records in the workspace's audit log, and mails its owners, when the service turned off one of its webhook endpoints (D16). */
import { inngest } from "@/inngest/client";
import { webhookEndpointDisabled } from "@/inngest/events";
import { createStudioContext } from "@/server/studio/context";
import { mailDisabledEndpoint } from "@/server/studio/developers/mail-disabled-endpoint";
import { recordDisabledEndpoint } from "@/server/studio/developers/record-disabled-endpoint";

export const mailDisabledEndpointFunction = inngest.createFunction(
  { id: "studio-mail-disabled-endpoint", retries: 3, triggers: [webhookEndpointDisabled] },
  async ({ event, step }) => {
    // Two steps, so a mail that fails and is retried does not write the audit event again.
    const recorded = await step.run("record-audit", async () => recordDisabledEndpoint(await createStudioContext(), event.data));
    const mailed = await step.run("mail-owners", async () => mailDisabledEndpoint(await createStudioContext(), event.data));
    return { recorded, mailed };
  },
);
