import "server-only";
import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";

/**
 * Writes to the audit log of the workspace whose v1 account had a webhook endpoint turned
 * off after 5 days of failures (D16), as the system's doing. Accounts made at the terminal
 * have no workspace and no log here. Returns how many events were written.
 */
export async function recordDisabledEndpoint(
  ctx: Pick<StudioContext, "db">,
  input: { accountId: string; endpointId: string; url: string },
): Promise<number> {
  const linked = await ctx.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.v1AccountId, input.accountId));
  for (const workspace of linked) {
    await recordAudit(ctx.db, {
      workspaceId: workspace.id,
      actorUserId: null,
      action: "webhook_endpoint_disabled",
      target: input.url,
      detail: { reason: "failing for 5 days" },
    });
  }
  return linked.length;
}
