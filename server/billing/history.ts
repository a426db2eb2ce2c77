/**
 * Every plan and credit change of a workspace's account, newest first, with its source
 * (a Stripe invoice, a pack, an auto top-up, a refund, the operator, the starter credits,
 * the sign-up plan): the usage page's history. Debits are the usage itself, shown there
 * already.
 */
import "server-only";
import { and, desc, eq, ne } from "drizzle-orm";
import { creditLedger, planChanges, type CreditSource, type PlanSource } from "@/db/schema";
import type { Plan } from "@/shared/vocabulary";
import type { Tx } from "@/db/client";
import { findWorkspaceAccount } from "./workspace-account";

export type HistoryEntry =
  | { kind: "credits"; at: Date; amount: number; source: CreditSource | null; note: string | null }
  | { kind: "plan"; at: Date; from: Plan; to: Plan; monthlyQuota: number; source: PlanSource };

export async function history(ctx: { db: Tx }, input: { workspaceId: string; limit?: number }): Promise<HistoryEntry[]> {
  const { db } = ctx;
  const limit = input.limit ?? 50;
  const account = await findWorkspaceAccount(db, input.workspaceId);
  if (!account) return [];
  const { accountId } = account;
  const [grants, plans] = await Promise.all([
    db
      .select({ at: creditLedger.createdAt, amount: creditLedger.amount, source: creditLedger.source, note: creditLedger.note })
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, accountId), eq(creditLedger.kind, "grant"), ne(creditLedger.amount, 0)))
      .orderBy(desc(creditLedger.id))
      .limit(limit),
    db
      .select({
        at: planChanges.createdAt,
        from: planChanges.fromPlan,
        to: planChanges.toPlan,
        monthlyQuota: planChanges.monthlyQuota,
        source: planChanges.source,
      })
      .from(planChanges)
      .where(eq(planChanges.accountId, accountId))
      .orderBy(desc(planChanges.id))
      .limit(limit),
  ]);
  return [...grants.map((g) => ({ kind: "credits" as const, ...g })), ...plans.map((p) => ({ kind: "plan" as const, ...p }))]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, limit);
}
