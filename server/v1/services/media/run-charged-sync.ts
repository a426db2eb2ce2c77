/**
 * The shape of the synchronous envelope routes (D8): accept (quota, then the debit) in
 * one transaction with the job row, run the provider while the client waits, then
 * answer `completed` — or, on a provider failure, refund once and answer `failed` with
 * 502 and `credits_charged: 0`.
 */
import "server-only";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { mediaJobs, type MediaKind } from "@/db/schema";
import type { ServiceContext } from "../../context";
import { envelope, type Envelope } from "../../schemas/envelope";
import { acceptGeneration } from "../billing/accept-generation";
import { refundCredits } from "../billing/refund-credits";
import type { AuthenticatedAccount } from "../keys/authenticate-key";
import { providerAppError } from "../providers/provider-failure";
import { settleAbandonedSyncJobs } from "./settle-abandoned-sync-jobs";
import { logError } from "@/server/log";

export interface ChargedSyncInput<R> {
  account: AuthenticatedAccount;
  kind: MediaKind;
  cost: number;
  /** What is kept of the request for the job row (no image bytes). */
  request: Record<string, unknown>;
  run(jobId: string): Promise<{ result: R; outputKeys?: string[] }>;
}

export async function runChargedSync<R extends Record<string, unknown>>(
  ctx: ServiceContext,
  input: ChargedSyncInput<R>,
): Promise<{ status: number; body: Envelope<R> }> {
  await settleAbandonedSyncJobs(ctx, { accountId: input.account.id });
  const jobId = crypto.randomUUID();
  const chargeKey = `${input.kind}:${jobId}`;
  const created = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await acceptGeneration(tx, {
      account: input.account,
      now: created,
      events: ctx.events,
      charge: { amount: input.cost, chargeKey, jobId, operation: input.kind },
    });
    await tx.insert(mediaJobs).values({ id: jobId, accountId: input.account.id, kind: input.kind, request: input.request, creditsCharged: input.cost, createdAt: created, updatedAt: created });
  });

  try {
    const { result, outputKeys = [] } = await input.run(jobId);
    const finished = ctx.now();
    await ctx.db.update(mediaJobs).set({ status: "completed", result, outputKeys, progress: 100, updatedAt: finished, completedAt: finished }).where(eq(mediaJobs.id, jobId));
    return {
      status: 200,
      body: envelope({ jobId, status: "completed", result, creditsCharged: input.cost, createdAt: created, updatedAt: finished, completedAt: finished }),
    };
  } catch (thrown) {
    const failure = providerAppError(thrown);
    if (!(failure.code === "provider_error" || failure.code === "provider_timeout")) logError(`[v1] ${input.kind} ${jobId} failed`, thrown);
    const finished = ctx.now();
    await ctx.db.transaction(async (tx) => {
      await refundCredits(tx, { chargeKey, note: failure.code });
      await tx.update(mediaJobs).set({ status: "failed", error: failure.toInfo(), creditsCharged: 0, updatedAt: finished, completedAt: finished }).where(eq(mediaJobs.id, jobId));
    });
    return {
      status: failure.status >= 500 ? failure.status : 502,
      body: envelope<R>({ jobId, status: "failed", error: failure.toInfo(), creditsCharged: 0, createdAt: created, updatedAt: finished, completedAt: finished }),
    };
  }
}
