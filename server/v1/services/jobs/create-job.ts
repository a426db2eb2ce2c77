import "server-only";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { jobGroups, jobOutputs } from "@/db/schema";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import { jobRequested } from "@/inngest/events";
import type { VerbContext } from "@/server/context";
import { AppError } from "@/server/errors";
import type { ImageFile } from "@/server/providers/types";
import { isUuid } from "../../ids";
import { outputsPerPlan } from "../../plans";
import type { JobRequest } from "../../schemas/job";
import { acceptGeneration } from "../billing/accept-generation";
import { claimFreeRedo } from "../billing/claim-free-redo";
import { preflightGeneration } from "../billing/preflight-generation";
import type { AuthenticatedAccount } from "../keys/authenticate-key";
import { failUnstartedGroup } from "./fail-unstarted-group";
import { storeFile } from "../media/store-outputs";
import { storeKeepMask } from "./store-keep-mask";
import { uprightSize } from "@/server/images/raw-image";
import { storeSource } from "./store-source";

/**
 * POST /job: fetches and stores the sources (and the keep mask, D17), accepts the request (one quota unit; the
 * legacy route carries no credits), stores the group with one row per output, and hands
 * processing to the durable function. A free redo of an output marked for review (D17)
 * takes the photo that job stored, and one of the photo's free redos instead of a unit.
 */
export async function createJob(ctx: VerbContext, input: { account: AuthenticatedAccount; job: JobRequest }): Promise<{ jobId: string }> {
  const { account, job } = input;
  const redo = job.review_redo_of ? await reviewedPhoto(ctx, { accountId: account.id, jobId: job.review_redo_of }) : null;
  if (!redo) await preflightGeneration(ctx.db, { account, now: ctx.now(), cost: CREDIT_COSTS.job });
  const source = redo
    ? { key: await storeFile(ctx.storage, redo.photo, "source"), ...(await uprightSize(redo.photo.bytes)) }
    : await storeSource(ctx.storage, job.source_url);
  const stored = [source.key];
  try {
    const keepMaskKey = await keepMaskOf(ctx, { job, photo: source, redo });
    if (keepMaskKey) stored.push(keepMaskKey);
    const inspiration = job.inspiration_image ? await storeSource(ctx.storage, job.inspiration_image, "inspiration") : null;
    if (inspiration) stored.push(inspiration.key);
    const groupId = crypto.randomUUID();
    const outputCount = job.fast === true ? 1 : outputsPerPlan(account.plan);
    await ctx.db.transaction(async (tx) => {
      if (redo) await claimFreeRedo(tx, { accountId: account.id, subject: `job:${redo.firstGroupId}`, now: ctx.now() });
      else await acceptGeneration(tx, { account, now: ctx.now(), events: ctx.events });
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
        keepMaskKey,
        maskPrompt: job.mask_prompt ?? null,
        outputCount,
        seed: job.seed ?? null,
        reviewRedoOf: redo?.firstGroupId ?? null,
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

/**
 * The group's keep mask (D17), stored beside its photo: the request's, checked against the
 * photo, or for a free redo without one, a copy of the reviewed job's (the redo keeps the
 * same areas).
 */
async function keepMaskOf(
  ctx: VerbContext,
  input: { job: JobRequest; photo: { width: number; height: number }; redo: { keepMask: Buffer | null } | null },
): Promise<string | null> {
  if (input.job.keep_mask_url)
    return storeKeepMask(ctx.storage, { url: input.job.keep_mask_url, field: "keep_mask_url", photo: input.photo });
  if (input.redo?.keepMask) return storeFile(ctx.storage, { bytes: input.redo.keepMask, contentType: "image/png" }, "keep-mask");
  return null;
}

/**
 * The photo of a job whose output was marked for review, its keep mask, and the first
 * group of that photo (a redo of a redo counts against the same photo's free redos).
 */
async function reviewedPhoto(
  ctx: VerbContext,
  input: { accountId: string; jobId: string },
): Promise<{ photo: ImageFile; keepMask: Buffer | null; firstGroupId: string }> {
  const notFound = new AppError("not_found", "No job with the id given in review_redo_of.");
  if (!isUuid(input.jobId)) throw notFound;
  const [group] = await ctx.db
    .select()
    .from(jobGroups)
    .where(and(eq(jobGroups.id, input.jobId), eq(jobGroups.accountId, input.accountId)));
  if (!group) throw notFound;
  const outputs = await ctx.db
    .select({ check: jobOutputs.outputCheck })
    .from(jobOutputs)
    .where(and(eq(jobOutputs.groupId, group.id), eq(jobOutputs.status, "completed")));
  if (!outputs.some((o) => o.check?.verdict === "review")) throw new AppError("not_under_review");
  const photo = await ctx.storage.get(group.sourceKey);
  if (!photo) throw new AppError("source_fetch_failed", "The photo of the job in review_redo_of is no longer stored.");
  const keepMask = group.keepMaskKey ? ((await ctx.storage.get(group.keepMaskKey))?.bytes ?? null) : null;
  return { photo: { bytes: photo.bytes, contentType: photo.contentType }, keepMask, firstGroupId: group.reviewRedoOf ?? group.id };
}
