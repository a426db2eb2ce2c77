/** The billing page's data for a member: plan, limits, balance, subscription and prices (server/billing/billing-overview.ts). */
import "server-only";
import { billingContextOf } from "@/server/billing/context";
import { billingOverview } from "@/server/billing/billing-overview";
import type { StudioContext } from "../context";

export async function showBilling(ctx: Pick<StudioContext, "db" | "events" | "now">, input: { workspaceId: string }) {
  return billingOverview(billingContextOf(ctx), input);
}
