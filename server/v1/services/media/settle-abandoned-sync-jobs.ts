/**
 * A synchronous job (inpaint, upscale, property description) still `processing` well
 * past the provider timeout was cut off: its server process crashed or was stopped by
 * the platform mid-request, so nobody will finish it. It is failed and its credits are
 * refunded, once. Swept every few minutes by a scheduled function
 * (inngest/functions/v1/settle-abandoned-sync-jobs.ts: serverless platforms never restart
 * a killed request) and when a server starts.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { env } from "@/env";
import type { VerbContext } from "@/server/context";
import { refundCredits } from "../billing/refund-credits";

const GRACE_MS = 60_000;
const ABANDONED = { code: "internal_error", message: "The request was interrupted before it finished; its credits were refunded." };

export async function settleAbandonedSyncJobs(ctx: Pick<VerbContext, "db" | "now">, input: { accountId?: string } = {}): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - env.V1_PROVIDER_TIMEOUT_MS - GRACE_MS).toISOString();
  const forAccount = input.accountId ? sql`and account_id = ${input.accountId}` : sql``;
  return ctx.db.transaction(async (tx) => {
    const settled = await tx.execute<{ id: string; kind: string }>(sql`
      update v1.media_jobs
      set status = 'failed', credits_charged = 0, error = ${JSON.stringify(ABANDONED)}::jsonb, updated_at = now(), completed_at = now()
      where status = 'processing' and kind in ('inpaint', 'upscale', 'property_description') and created_at < ${cutoff} ${forAccount}
      returning id, kind`);
    for (const job of settled) await refundCredits(tx, { chargeKey: `${job.kind}:${job.id}`, note: "abandoned" });
    return settled.length;
  });
}
