/**
 * Billing's entries in the workspace audit log (a plan changed, credits bought, auto top-up
 * changed or stopped), written in the transaction that makes the change. A checkout names
 * who started it in its metadata (`user_id`), so what Stripe reports later is recorded as
 * theirs; what Stripe or the system does on its own (a cancellation reaching its period
 * end, a declined top-up) has no actor.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Tx } from "@/db/client";
import { recordAudit, type AuditEventInput } from "@/server/studio/audit/record-audit";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The person a checkout session or its subscription names, if it names one we could have written. */
export function buyerOf(metadata: Stripe.Metadata | null | undefined): string | null {
  const id = metadata?.user_id;
  return id && UUID.test(id) ? id : null;
}

/** Records an event of the workspace behind a v1 account; an account of no workspace (an operator's) has no log. */
export async function recordAccountAudit(tx: Tx, accountId: string, event: Omit<AuditEventInput, "workspaceId">): Promise<void> {
  const [workspace] = await tx.execute<{ id: string }>(sql`select id from studio.workspaces where v1_account_id = ${accountId}`);
  if (workspace) await recordAudit(tx, { ...event, workspaceId: workspace.id });
}
