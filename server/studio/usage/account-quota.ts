/**
 * The workspace's account as the service sees it (GET /me): the monthly quota and its
 * use, and from the headers the credit balance and plan (D14; null when a deployment
 * sends none). A failure is shown in plain words rather than breaking the page: the raw
 * client, so generationError words the service's own code.
 */
import "server-only";
import type { StudioContext } from "../context";
import { generationError } from "../generations/v1-failure";

export async function accountQuota(ctx: Pick<StudioContext, "v1">, input: { workspaceId: string }) {
  try {
    const me = await (await ctx.v1.rawForWorkspace(input.workspaceId)).me();
    return {
      ok: true as const,
      quota: me.api_monthly_quota,
      usedThisMonth: me.api_completed_month,
      totalCompleted: me.api_total_completed,
      creditBalance: me.creditBalance,
      plan: me.plan,
    };
  } catch (error) {
    return { ok: false as const, error: generationError(error) };
  }
}
