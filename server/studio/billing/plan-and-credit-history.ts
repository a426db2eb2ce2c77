/** Plan and credit changes of the workspace with their sources, for the usage page. */
import "server-only";
import { billingHistory } from "@/server/billing/billing-history";
import type { StudioContext } from "../context";

export async function planAndCreditHistory(ctx: Pick<StudioContext, "db">, input: { workspaceId: string }) {
  return billingHistory(ctx.db, input);
}
