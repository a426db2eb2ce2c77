/**
 * Every path that changes a workspace's billing records it in the audit log the same way,
 * because the billing verb records it: a member in the studio (with their address), the
 * operator at the command line (no person), Stripe on its own (billing-flows.http.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { newPerson } from "@/test/callers";
import type { AuditAction } from "@/shared/audit-actions";
import { addCredits } from "./add-credits";
import { applyPlan } from "./apply-plan";
import { workspaceAccount } from "./workspace-account";

let person: Awaited<ReturnType<typeof newPerson>>;
let workspaceId: string;

beforeAll(async () => {
  person = await newPerson("Olga");
  workspaceId = (await person.api.workspaces.create({ name: "Audited Realty" })).id;
});

afterAll(closeDb);

async function auditOf(action: AuditAction) {
  const { events } = await person.api.audit.list({ workspaceId });
  return events.filter((event) => event.action === action).map(({ actorEmail, target, detail }) => ({ actorEmail, target, detail }));
}

describe("billing's audit entries", () => {
  it("records a member's low-balance mail change with who made it", async () => {
    await person.api.billing.setLowBalanceAlert({ workspaceId, threshold: 80 });
    await person.api.billing.setLowBalanceAlert({ workspaceId, threshold: null });
    expect(await auditOf("low_balance_alert_changed")).toEqual([
      { actorEmail: person.user.email, target: null, detail: { threshold: null } },
      { actorEmail: person.user.email, target: null, detail: { threshold: 80 } },
    ]);
  });

  it("records the operator's credits and plan changes, as the command line makes them, with no person", async () => {
    const db = await getDb();
    const { balance: before, plan } = (await person.api.billing.overview({ workspaceId }))!;
    expect(await addCredits({ db }, { workspaceId, amount: 40, actor: { kind: "operator" } })).toEqual({ balance: before + 40 });
    expect(await auditOf("credits_added")).toEqual([{ actorEmail: null, target: "40 credits", detail: { balance: before + 40 } }]);

    const { accountId } = await workspaceAccount(db, workspaceId);
    const to = plan === "premium" ? "business" : "premium";
    await applyPlan(db, { accountId, plan: to, source: "operator", actor: { kind: "operator" } });
    expect(await auditOf("plan_changed")).toEqual([{ actorEmail: null, target: to, detail: { from: plan, source: "operator" } }]);
  });
});
