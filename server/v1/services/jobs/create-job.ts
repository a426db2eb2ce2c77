import "server-only";
import crypto from "node:crypto";
import { jobGroups, jobOutputs } from "@/db/schema";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import { jobRequested } from "@/inngest/events";
import type { VerbContext } from "@/server/context";
import { OUTPUTS_PER_PLAN } from "../../plans";
import type { JobRequest } from "../../schemas/job";
import { acceptGeneration } from "../billing/accept-generation";
import { preflightGeneration } from "../billing/preflight-generation";
import type { AuthenticatedAccount } from "../keys/authenticate-key";
import { failUnstartedGroup } from "./fail-unstarted-group";
import { storeSource } from "./store-source";

/**
 * POST /job: fetches and stores the sources, accepts the request (one quota unit; the
 * legacy route carries no credits), stores the group with one row per output, and hands
 * processing to the durable function.
 */
export async function createJob(ctx: VerbContext, input: { account: AuthenticatedAccount; job: JobRequest }): Promise<{ jobId: string }> {
  const { account, job } = input;
  await preflightGeneration(ctx.db, { account, now: ctx.now(), cost: CREDIT_COSTS.job });
  const source = await storeSource(ctx.storage, job.source_url);
  const stored = [source.key];
  try {
    const inspiration = job.inspiration_image ? await storeSource(ctx.storage, job.inspiration_image, "inspiration") : null;
    if (inspiration) stored.push(inspiration.key);
    const groupId = crypto.randomUUID();
    const outputCount = job.fast === true ? 1 : OUTPUTS_PER_PLAN[account.plan];
    await ctx.db.transaction(async (tx) => {
      await acceptGeneration(tx, { account, now: ctx.now(), events: ctx.events });
      await tx.insert(jobGroups).values({
        id: groupId,
        accountId: account.id,
        redesignType: job.redesign_type,
        roomType: job.room_type,
        style: job.style ?? null,
        color: job.color ?? null,
        intensity: job.intensity,
        environment: job.environment,
        sourceUrl: job.source_url,
        sourceKey: source.key,
        inspirationImage: job.inspiration_image ?? null,
        inspirationKey: inspiration?.key ?? null,
        maskPrompt: job.mask_prompt ?? null,
        outputCount,
        seed: job.seed ?? null,
      });
      await tx.insert(jobOutputs).values(Array.from({ length: outputCount }, (_, position) => ({ groupId, position })));
    });
    try {
      await ctx.events.send(jobRequested.create({ groupId, accountId: account.id }, { id: `job-${groupId}` }));
    } catch (error) {
      // Nothing will process the group: close it as failed rather than leave it running forever.
      await failUnstartedGroup(ctx, groupId);
      throw error;
    }
    return { jobId: groupId };
  } catch (error) {
    await Promise.all(stored.map((key) => ctx.storage.delete(key).catch(() => undefined)));
    throw error;
  }
}
