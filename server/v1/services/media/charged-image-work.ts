/**
 * The synchronous image routes (inpaint, upscale, property description, D8), in order:
 * refuse before any work when the account cannot pay; then, holding a slot of the
 * image-work pool, read the inputs, accept (quota, then the debit) in one transaction with
 * the job row, and run the provider while the client waits, answering `completed`; or,
 * on a failure, refund once and answer `failed` with 502 and `credits_charged: 0`.
 * A job whose process died mid-run is settled by a scheduled sweep
 * (settle-abandoned-sync-jobs.ts), not here.
 */
import "server-only";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { mediaJobs, type MediaKind } from "@/db/schema";
import type { VerbContext } from "@/server/context";
import { logError } from "@/server/log";
import { envelope, type Envelope } from "../../schemas/envelope";
import { acceptGeneration } from "../billing/accept-generation";
import { preflightGeneration } from "../billing/preflight-generation";
import { refundCredits } from "../billing/refund-credits";
import type { AuthenticatedAccount } from "../keys/authenticate-key";
import { providerAppError } from "../providers/provider-failure";
import { withImageWorkSlot } from "./image-work-pool";

/** What a synchronous image verb is given: the authenticated account and its validated request. */
export type ImageWorkInput<Schema extends z.ZodType> = { account: AuthenticatedAccount; request: z.infer<Schema> };

export interface ChargedImageWork<I, R> {
  account: AuthenticatedAccount;
  kind: MediaKind;
  cost: number;
  /** What is kept of the request for the job row (no image bytes). */
  request: Record<string, unknown>;
  /** Fetches or decodes the inputs; a refusal here charges nothing. */
  read(): Promise<I>;
  /** The provider call and storing its outputs, once accepted. */
  run(inputs: I): Promise<{ result: R; outputKeys?: string[] }>;
}

export async function chargedImageWork<I, R extends Record<string, unknown>>(
  ctx: VerbContext,
  work: ChargedImageWork<I, R>,
): Promise<{ status: number; body: Envelope<R> }> {
  await preflightGeneration(ctx.db, { account: work.account, now: ctx.now(), cost: work.cost });
  return withImageWorkSlot(async () => {
    const inputs = await work.read();
    const jobId = crypto.randomUUID();
    const chargeKey = `${work.kind}:${jobId}`;
    const created = ctx.now();
    await ctx.db.transaction(async (tx) => {
      await acceptGeneration(tx, {
        account: work.account,
        now: created,
        events: ctx.events,
        charge: { amount: work.cost, chargeKey, jobId, operation: work.kind },
      });
      await tx.insert(mediaJobs).values({
        id: jobId,
        accountId: work.account.id,
        kind: work.kind,
        request: work.request,
        creditsCharged: work.cost,
        createdAt: created,
        updatedAt: created,
      });
    });
    try {
      const { result, outputKeys = [] } = await work.run(inputs);
      const finished = ctx.now();
      await ctx.db
        .update(mediaJobs)
        .set({ status: "completed", result, outputKeys, progress: 100, updatedAt: finished, completedAt: finished })
        .where(eq(mediaJobs.id, jobId));
      return {
        status: 200,
        body: envelope({
          jobId,
          status: "completed",
          result,
          creditsCharged: work.cost,
          createdAt: created,
          updatedAt: finished,
          completedAt: finished,
        }),
      };
    } catch (thrown) {
      const failure = providerAppError(thrown);
      if (!(failure.code === "provider_error" || failure.code === "provider_timeout"))
        logError(`[v1] ${work.kind} ${jobId} failed`, thrown);
      const finished = ctx.now();
      await ctx.db.transaction(async (tx) => {
        await refundCredits(tx, { chargeKey, note: failure.code });
        await tx
          .update(mediaJobs)
          .set({ status: "failed", error: failure.toInfo(), creditsCharged: 0, updatedAt: finished, completedAt: finished })
          .where(eq(mediaJobs.id, jobId));
      });
      return {
        status: failure.status >= 500 ? failure.status : 502,
        body: envelope<R>({
          jobId,
          status: "failed",
          error: failure.toInfo(),
          creditsCharged: 0,
          createdAt: created,
          updatedAt: finished,
          completedAt: finished,
        }),
      };
    }
  });
}
