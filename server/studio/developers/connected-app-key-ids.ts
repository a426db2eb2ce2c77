import "server-only";
import { eq } from "drizzle-orm";
import { connectedApps } from "@/db/schema";
import type { StudioContext } from "../context";

/** The keys the workspace's connected apps call the API with (revoked ones included: their keys are revoked too). */
export async function connectedAppKeyIds(ctx: Pick<StudioContext, "db">, input: { workspaceId: string }): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ keyId: connectedApps.apiKeyId })
    .from(connectedApps)
    .where(eq(connectedApps.workspaceId, input.workspaceId));
  return new Set(rows.map((row) => row.keyId));
}
