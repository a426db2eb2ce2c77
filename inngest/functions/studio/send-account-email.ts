/** Sends mail about a person's account outside the request that asked for it (server/studio/users/send-account-email.ts). */
import { inngest } from "@/inngest/client";
import { accountEmailRequested } from "@/inngest/studio-events";
import { createStudioContext } from "@/server/studio/context";
import { sendAccountEmail } from "@/server/studio/users/send-account-email";

export const sendAccountEmailFunction = inngest.createFunction(
  { id: "studio-send-account-email", retries: 3, triggers: [accountEmailRequested] },
  async ({ event, step }) => {
    const sent = await step.run("send", async () => sendAccountEmail(await createStudioContext(), event.data));
    return { sent };
  },
);
