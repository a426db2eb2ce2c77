import "server-only";
import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import type { AgentGrant } from "@/shared/roles";
import type { StudioContext } from "../context";

/** What the owners let every agent of the workspace do beyond their own work (shared/roles.ts AGENT_GRANTABLE); every member may see it. */
export async function showAgentGrants(ctx: Pick<StudioContext, "db">, input: { workspaceId: string }): Promise<{ grants: AgentGrant[] }> {
  const [row] = await ctx.db.select({ grants: workspaces.agentGrants }).from(workspaces).where(eq(workspaces.id, input.workspaceId));
  return { grants: row?.grants ?? [] };
}
