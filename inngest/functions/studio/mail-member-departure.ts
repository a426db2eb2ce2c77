/** Mails the owners of a workspace what left with a member: keys and endpoints revoked or handed over, invitations withdrawn. */
import { inngest } from "@/inngest/client";
import { memberDeparted } from "@/inngest/studio-events";
import { createStudioContext } from "@/server/studio/context";
import { mailMemberDeparture } from "@/server/studio/developers/mail-member-departure";

export const mailMemberDepartureFunction = inngest.createFunction(
  { id: "studio-mail-member-departure", retries: 3, triggers: [memberDeparted] },
  async ({ event, step }) => {
    const mailed = await step.run("mail-owners", async () => mailMemberDeparture(await createStudioContext(), event.data));
    return { mailed };
  },
);
