import "server-only";
import { and, eq } from "drizzle-orm";
import { members, users, workspaces } from "@/db/schema/studio";
import { OWNER } from "@/shared/roles";
import { emailLink } from "@/server/email/link-url";
import { sendEmail } from "@/server/email/send-email";
import { webhookEndpointDisabledEmail } from "@/server/email/templates";
import type { StudioContext } from "../context";

/**
 * Tells the owners of the workspace whose v1 account had a webhook endpoint turned off
 * after 5 days of failures (D16). Accounts made at the terminal have no workspace and
 * no one to mail here. Returns how many messages went out.
 */
export async function mailDisabledEndpoint(ctx: Pick<StudioContext, "db">, input: { accountId: string; endpointId: string; url: string }): Promise<number> {
  const owners = await ctx.db
    .select({ email: users.email, name: users.name, workspaceName: workspaces.name, slug: workspaces.slug })
    .from(workspaces)
    .innerJoin(members, and(eq(members.workspaceId, workspaces.id), eq(members.role, OWNER)))
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(workspaces.v1AccountId, input.accountId));
  let sent = 0;
  for (const owner of owners) {
    const link = emailLink(`/w/${owner.slug}/developers/webhooks/${input.endpointId}`);
    if (await sendEmail(webhookEndpointDisabledEmail({ to: owner.email, name: owner.name, workspaceName: owner.workspaceName, url: input.url, link }))) sent += 1;
  }
  return sent;
}
