/** The workspace's invoices (owners): hosted page and PDF of each, from Stripe. */
import "server-only";
import { billingContextOf } from "@/server/billing/context";
import { listInvoices } from "@/server/billing/list-invoices";
import type { StudioContext } from "../context";

export async function listWorkspaceInvoices(ctx: Pick<StudioContext, "db" | "events" | "now">, input: { workspaceId: string }) {
  return listInvoices(billingContextOf(ctx), input);
}
