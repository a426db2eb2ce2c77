/**
 * What the owners let every agent of the workspace do beyond their own work (today:
 * publish listing pages); only owners change it (the role table's
 * `grant_agent_permissions`). Each change is in the audit log.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import { AGENT_GRANTABLE, type AgentGrant } from "@/shared/roles";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";

export async function setAgentGrants(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; grants: AgentGrant[]; userId: string; ip?: string },
): Promise<{ grants: AgentGrant[] }> {
  // In the table's order, once each, whatever order the form sent them in.
  const grants = AGENT_GRANTABLE.filter((grant) => input.grants.includes(grant));
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ grants: workspaces.agentGrants })
      .from(workspaces)
      .where(eq(workspaces.id, input.workspaceId))
      .for("update");
    await tx.update(workspaces).set({ agentGrants: grants, updatedAt: ctx.now() }).where(eq(workspaces.id, input.workspaceId));
    const changed = AGENT_GRANTABLE.filter((grant) => before.grants.includes(grant) !== grants.includes(grant));
    if (changed.length === 0) return;
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actorUserId: input.userId,
      action: "agent_permissions_changed",
      target: "agents",
      detail: Object.fromEntries(changed.map((grant) => [grant, grants.includes(grant)])),
      ip: input.ip,
    });
  });
  return { grants };
}
