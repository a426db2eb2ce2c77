/**
 * The usage ledger: what the service charged, as its envelopes said (`credits_charged`).
 * Durable steps run at least once, so recording is keyed by v1 job, operation and
 * attempt: the second time the same charge is seen nothing changes.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { usageEntries, type Generation } from "@/db/schema/studio-generations";
import type { UsageOperation } from "@/shared/vocabulary";
import type { StudioContext } from "../context";

export interface Charge {
  operation: UsageOperation;
  serviceJobId: string;
  credits: number | null;
  /** 1 for an accepted generation POST; 0 for charges that were not their own request (multi-view siblings). */
  quotaUnits: number;
  attempt?: number;
}

export function usageMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export async function recordUsage(
  ctx: Pick<StudioContext, "db" | "now">,
  generation: Pick<Generation, "id" | "workspaceId" | "projectId" | "createdBy">,
  charge: Charge,
): Promise<void> {
  await ctx.db
    .insert(usageEntries)
    .values({
      workspaceId: generation.workspaceId,
      projectId: generation.projectId,
      userId: generation.createdBy,
      generationId: generation.id,
      operation: charge.operation,
      serviceJobId: charge.serviceJobId,
      attempt: charge.attempt ?? 1,
      credits: charge.credits ?? 0,
      quotaUnits: charge.quotaUnits,
      month: usageMonth(ctx.now()),
    })
    .onConflictDoNothing();
}

/** The service refunds a charged generation that fails later (D4): the ledger follows. */
export async function recordRefund(
  ctx: Pick<StudioContext, "db">,
  charge: { operation: UsageOperation; serviceJobId: string },
): Promise<void> {
  await ctx.db
    .update(usageEntries)
    .set({ credits: 0 })
    .where(and(eq(usageEntries.serviceJobId, charge.serviceJobId), eq(usageEntries.operation, charge.operation)));
}
