/**
 * The workspace's monthly quota as the service counts it (GET /me). A failure is shown
 * on the usage page in plain words rather than breaking the page.
 */
import { v1ForWorkspace } from "../generations/v1-for-workspace";
import { generationError } from "../generations/v1-failure";

export async function accountQuota(input: { workspaceId: string }) {
  try {
    const me = await (await v1ForWorkspace(input.workspaceId)).me();
    return { ok: true as const, quota: me.api_monthly_quota, usedThisMonth: me.api_completed_month, totalCompleted: me.api_total_completed };
  } catch (error) {
    return { ok: false as const, error: generationError(error) };
  }
}
