import "server-only";
import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import { emailLink } from "@/server/email/link-url";
import { sendEmail } from "@/server/email/send-email";
import { webhookEndpointDisabledEmail } from "@/server/email/templates";
import type { StudioContext } from "../context";
import { ownersToMail } from "./owners-to-mail";

/**
 * Tells the owners of the workspace whose v1 account had a webhook endpoint turned off
 * after 5 days of failures (D16). Accounts made at the terminal have no workspace and
 * no one to mail here. Returns how many messages went out.
 */
export async function mailDisabledEndpoint(
  ctx: Pick<StudioContext, "db">,
  input: { accountId: string; endpointId: string; url: string },
): Promise<number> {
  const owners = await ownersToMail(ctx.db, eq(workspaces.v1AccountId, input.accountId));
  let sent = 0;
  for (const owner of owners) {
    const link = emailLink(`/w/${owner.slug}/developers/webhooks/${input.endpointId}`);
    if (
      await sendEmail(
        webhookEndpointDisabledEmail({ to: owner.email, name: owner.name, workspaceName: owner.workspaceName, url: input.url, link }),
      )
    )
      sent += 1;
  }
  return sent;
}
