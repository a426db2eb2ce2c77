/** What every workspace page must say about billing: a renewal that failed (past_due). One row read. */
import "server-only";
import { readBillingRow } from "@/server/billing/billing-row";
import type { StudioContext } from "../context";

export async function billingNotice(ctx: Pick<StudioContext, "db">, input: { workspaceId: string }): Promise<{ pastDue: boolean }> {
  const row = await readBillingRow(ctx.db, input.workspaceId);
  return { pastDue: row?.subscriptionStatus === "past_due" };
}
