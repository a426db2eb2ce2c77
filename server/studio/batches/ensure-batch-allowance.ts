/**
 * Refuses a whole-listing batch before anything starts when the workspace's account
 * cannot take every photo: the credits they cost and one monthly quota unit each, as
 * GET /me reports them (D14). Otherwise the service would accept the first photos and
 * refuse the rest one by one.
 */
import "server-only";
import { AppError } from "@/server/errors";
import { listingBatchCost, shortOfCreditsMessage, shortOfQuotaMessage } from "@/shared/credit-costs";
import type { StudioContext } from "../context";

export async function ensureBatchAllowance(ctx: Pick<StudioContext, "v1">, input: { workspaceId: string; photos: number }): Promise<void> {
  const cost = listingBatchCost(input.photos);
  const me = await (await ctx.v1.forWorkspace(input.workspaceId)).me();
  if (me.creditBalance !== null && me.creditBalance < cost.credits) {
    throw new AppError("insufficient_credits", shortOfCreditsMessage(cost.credits, me.creditBalance));
  }
  const left = Math.max(0, me.api_monthly_quota - me.api_completed_month);
  if (left < cost.quotaUnits) throw new AppError("quota_exceeded", shortOfQuotaMessage(cost.quotaUnits, left));
}
