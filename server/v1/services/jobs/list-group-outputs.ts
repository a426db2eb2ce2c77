import "server-only";
import { eq } from "drizzle-orm";
import { jobOutputs } from "@/db/schema";
import type { VerbContext } from "@/server/context";

/** The output ids of a job group in position order: what its durable run generates, one step each. */
export async function listGroupOutputs(ctx: VerbContext, input: { groupId: string }): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: jobOutputs.id })
    .from(jobOutputs)
    .where(eq(jobOutputs.groupId, input.groupId))
    .orderBy(jobOutputs.position);
  return rows.map((row) => row.id);
}
