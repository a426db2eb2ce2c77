/**
 * Refuses a generation before anything starts when the workspace's v1 account cannot
 * pay for all of it. The service only checks what it charges at once (a multi-view
 * anchor, the inpaint of an inpaint→upscale chain); the person should learn up front,
 * not from a sibling view or an upscale failing later. The balance is the one GET /me
 * answers in its headers (D14); a deployment that sends none is left to refuse itself.
 */
import "server-only";
import { AppError } from "@/server/errors";
import { shortOfCreditsMessage } from "@/shared/credit-costs";
import type { StudioContext } from "../context";

export async function ensureCredits(ctx: Pick<StudioContext, "v1">, input: { workspaceId: string; cost: number }): Promise<void> {
  if (input.cost <= 0) return;
  const { creditBalance: balance } = await (await ctx.v1.forWorkspace(input.workspaceId)).me();
  if (balance !== null && balance < input.cost) throw new AppError("insufficient_credits", shortOfCreditsMessage(input.cost, balance));
}
