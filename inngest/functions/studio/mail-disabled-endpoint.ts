/** Mails a workspace's owners when the service turned off one of its webhook endpoints (D16). */
import { inngest } from "@/inngest/client";
import { webhookEndpointDisabled } from "@/inngest/events";
import { createStudioContext } from "@/server/studio/context";
import { mailDisabledEndpoint } from "@/server/studio/developers/mail-disabled-endpoint";

export const mailDisabledEndpointFunction = inngest.createFunction(
  { id: "studio-mail-disabled-endpoint", retries: 3, triggers: [webhookEndpointDisabled] },
  async ({ event, step }) => step.run("mail-owners", async () => mailDisabledEndpoint(await createStudioContext(), event.data)),
);
