/**
 * Billing's entries in the workspace audit log (a plan changed, credits bought or added,
 * auto top-up or the low-balance mail changed), written by the billing verb itself in the
 * transaction that makes the change, so the studio, the command line and Stripe's webhooks
 * record the same way. Who did it is a typed actor: a member (with their address), the
 * person a checkout names in its metadata (`user_id`: what Stripe reports later is theirs),
 * the operator at the command line, or Stripe and the system on their own (a cancellation
 * reaching its period end, a declined top-up), which have no person.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Tx } from "@/db/client";
import { recordAudit, type AuditEventInput } from "@/server/studio/audit/record-audit";

export type BillingActor =
  | { kind: "member"; userId: string; ip?: string | null }
  | { kind: "buyer"; userId: string | null }
  | { kind: "operator" }
  | { kind: "stripe" }
  | { kind: "system" };

export type BillingAuditEvent = Omit<AuditEventInput, "workspaceId" | "actorUserId" | "ip"> & { actor: BillingActor };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The person a checkout session or its subscription names, if it names one we could have written. */
export function buyerOf(metadata: Stripe.Metadata | null | undefined): BillingActor {
  const id = metadata?.user_id;
  return { kind: "buyer", userId: id && UUID.test(id) ? id : null };
}

/** Records a billing event of a workspace. */
export async function recordBillingAudit(tx: Tx, workspaceId: string, { actor, ...event }: BillingAuditEvent): Promise<void> {
  const person = actor.kind === "member" || actor.kind === "buyer" ? actor.userId : null;
  await recordAudit(tx, { ...event, workspaceId, actorUserId: person, ip: actor.kind === "member" ? actor.ip : null });
}

/** Records a billing event of the workspace behind a v1 account; an account of no workspace (an operator's) has no log. */
export async function recordAccountAudit(tx: Tx, accountId: string, event: BillingAuditEvent): Promise<void> {
  const [workspace] = await tx.execute<{ id: string }>(sql`select id from studio.workspaces where v1_account_id = ${accountId}`);
  if (workspace) await recordBillingAudit(tx, workspace.id, event);
}
