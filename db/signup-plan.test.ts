/**
 * The plans migration: studio accounts still as every workspace was provisioned before
 * plans (business, 10,000 units) are marked by the billing_plans_data migration and moved once to
 * STUDIO_SIGNUP_PLAN (Free quota only with a confirmed owner); an account the operator
 * changed keeps its plan.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb, getSql } from "@/db/client";
import { accounts, planChanges, users, workspaces } from "@/db/schema";
import { newPerson } from "@/test/callers";
import { migrationText } from "@/test/migration-text";
import { moveLegacyAccountsToSignupPlan } from "./signup-plan";

afterAll(closeDb);

/** A workspace as provisioned before plans existed. */
async function oldWorkspace(name: string, confirmed: boolean, account: { plan: "free" | "premium" | "business"; quota: number }) {
  const { api, user } = await newPerson(name, { confirmed });
  const { id } = await api.workspaces.create({ name: `${name} Realty` });
  const db = await getDb();
  const [row] = await db.select({ accountId: workspaces.v1AccountId }).from(workspaces).where(eq(workspaces.id, id));
  await db
    .update(accounts)
    .set({ plan: account.plan, monthlyQuota: account.quota, planSource: "operator" })
    .where(eq(accounts.id, row.accountId!));
  return { accountId: row.accountId!, userId: user.id };
}

describe("moving accounts made before plans to the sign-up plan", () => {
  it("marks the untouched ones, moves them once, and leaves the operator's alone", async () => {
    const untouched = await oldWorkspace("Ulla", true, { plan: "business", quota: 10_000 });
    const unconfirmed = await oldWorkspace("Vera", false, { plan: "business", quota: 10_000 });
    const changed = await oldWorkspace("Owen", true, { plan: "premium", quota: 5_000 });
    const bigger = await oldWorkspace("Pia", true, { plan: "business", quota: 50_000 });

    const db = await getDb();
    // The migration's marking statement, as it ran on upgrade.
    const marking = migrationText("billing_plans_data").split("--> statement-breakpoint")[0];
    await db.execute(sql.raw(marking));
    const sourceOf = async (id: string) =>
      (await db.select({ source: accounts.planSource }).from(accounts).where(eq(accounts.id, id)))[0].source;
    expect([
      await sourceOf(untouched.accountId),
      await sourceOf(unconfirmed.accountId),
      await sourceOf(changed.accountId),
      await sourceOf(bigger.accountId),
    ]).toEqual(["legacy", "legacy", "operator", "operator"]);

    expect(await moveLegacyAccountsToSignupPlan(await getSql(), "free")).toBe(2);
    expect(await moveLegacyAccountsToSignupPlan(await getSql(), "business")).toBe(0);
    const state = async (id: string) =>
      (
        await db
          .select({ plan: accounts.plan, quota: accounts.monthlyQuota, source: accounts.planSource })
          .from(accounts)
          .where(eq(accounts.id, id))
      )[0];
    expect(await state(untouched.accountId)).toEqual({ plan: "free", quota: 20, source: "signup" });
    expect(await state(unconfirmed.accountId)).toEqual({ plan: "free", quota: 0, source: "signup" });
    expect(await state(changed.accountId)).toEqual({ plan: "premium", quota: 5_000, source: "operator" });
    expect(await state(bigger.accountId)).toEqual({ plan: "business", quota: 50_000, source: "operator" });
    expect(
      await db
        .select({ from: planChanges.fromPlan, to: planChanges.toPlan, source: planChanges.source })
        .from(planChanges)
        .where(eq(planChanges.accountId, untouched.accountId)),
    ).toEqual([{ from: "business", to: "free", source: "signup" }]);
    expect((await db.select().from(users).where(eq(users.id, unconfirmed.userId)))[0].emailVerifiedAt).toBeNull();
  });
});
