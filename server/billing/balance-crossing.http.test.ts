/**
 * Balance thresholds (D15): a debit that takes the balance under the owners' threshold
 * mails them once per crossing; under the auto top-up threshold it charges the saved card
 * off-session for the chosen pack, once per crossing; a decline or a required
 * authentication turns auto top-up off and mails the owners. Against the Stripe double,
 * with the durable function on a local executor.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { accounts, workspaceBilling, workspaces } from "@/db/schema";
import { inngest } from "@/inngest/client";
import { billingFunctions } from "@/inngest/functions/billing";
import { startTestExecutor, type TestExecutor } from "@/test/executor";
import { listOutbox } from "@/server/email/list-outbox";
import { newPerson } from "@/test/callers";
import { announceCrossing } from "@/server/v1/services/billing/announce-crossing";
import { debitCredits } from "@/server/v1/services/billing/debit-credits";
import { grantCredits } from "@/server/v1/services/billing/grant-credits";
import type { StripeDouble } from "@/test/doubles/stripe";
import { payCheckout, portalAction, sessionIdOf, startConfiguredStripeDouble } from "@/test/stripe-settings";

await vi.hoisted(async () => {
  const { useStripeDouble } = await import("@/test/stripe-settings");
  await useStripeDouble();
  process.env.STUDIO_SIGNUP_PLAN = "free";
});

let executor: TestExecutor;
let double: StripeDouble;

beforeAll(async () => {
  executor = await startTestExecutor({ functions: billingFunctions });
  double = await startConfiguredStripeDouble();
}, 120_000);

afterAll(async () => {
  await double?.close();
  await executor?.stop();
  await closeDb();
});

/** An owner whose workspace bought a 100-credit pack with `card` (saved for later, off-session). */
async function ownerWithCard(name: string, card = "4242424242424242") {
  const person = await newPerson(name);
  const { id: workspaceId } = await person.api.workspaces.create({ name: `${name} Realty` });
  const { url } = await person.api.billing.buyCredits({ workspaceId, credits: 100 });
  const paid = await payCheckout(url, card);
  await person.api.billing.completeCheckout({ workspaceId, sessionId: sessionIdOf(paid.location) });
  const db = await getDb();
  const [row] = await db.select({ accountId: workspaces.v1AccountId }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return { ...person, workspaceId, accountId: row.accountId! };
}

/** A debit as a generation makes it: the crossing is announced inside its transaction; waits for the crossing's run when there is one. */
async function spend(accountId: string, amount: number) {
  const db = await getDb();
  const debit = await db.transaction(async (tx) => {
    const result = await debitCredits(tx, { accountId, amount, chargeKey: `test:${crypto.randomUUID()}`, jobId: "job", operation: "test" });
    await announceCrossing(inngest, accountId, result);
    return result;
  });
  if (debit.crossing) await executor.waitForRun({ eventId: `balance-crossed-${debit.entryId}` }, 30_000);
  return debit;
}

async function account(accountId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ balance: accounts.creditBalance, topUp: accounts.topUpThreshold, low: accounts.lowBalanceThreshold })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

const mailsTo = async (email: string, subject: RegExp) => (await listOutbox({ to: email })).filter((m) => subject.test(m.subject ?? ""));

describe("auto top-up", () => {
  it("charges the saved card for the chosen pack once per crossing, never twice for one", async () => {
    const { api, user, workspaceId, accountId } = await ownerWithCard("Tia");
    await api.billing.setAutoTopUp({ workspaceId, enabled: true, threshold: 200, pack: 500 });
    expect(await account(accountId)).toMatchObject({ balance: 600, topUp: 200 });

    const crossing = await spend(accountId, 450);
    expect(crossing.crossing).toEqual({ balance: 150, lowBalance: false, topUp: true });
    expect((await account(accountId)).balance).toBe(650);
    // Staying above the threshold crosses nothing; going under again is a new crossing, charged once more.
    expect((await spend(accountId, 10)).crossing).toBeNull();
    const second = await spend(accountId, 460);
    expect(second.crossing).toMatchObject({ balance: 180, topUp: true });
    expect((await account(accountId)).balance).toBe(680);

    // The same crossing announced again starts no second run.
    await inngest.send({
      name: "billing/balance.crossed",
      id: `balance-crossed-${crossing.entryId}`,
      data: { accountId, ledgerEntryId: crossing.entryId, balance: 150, lowBalance: false, topUp: true },
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const charges = double.state.all("payment_intent").filter((pi) => (pi.metadata as Record<string, string>).kind === "auto_top_up");
    expect(charges).toHaveLength(2);
    expect(charges[0]).toMatchObject({ status: "succeeded", amount: 5000, metadata: { workspace_id: workspaceId, credits: "500" } });
    const db = await getDb();
    const grants = await db.execute(
      sql`select grant_key, amount from v1.credit_ledger where account_id = ${accountId} and source = 'auto_top_up'`,
    );
    expect(grants).toHaveLength(2);
    expect(grants.map((g) => g.grant_key).sort()).toEqual(charges.map((c) => `stripe:payment_intent:${c.id}`).sort());
    const keys = double.requests
      .filter((r) => r.path === "/v1/payment_intents" && r.method === "POST")
      .map((r) => r.headers["idempotency-key"]);
    expect(keys.sort()).toEqual(
      [`atrium-auto-top-up-${accountId}-${crossing.entryId}`, `atrium-auto-top-up-${accountId}-${second.entryId}`].sort(),
    );

    // Each top-up is listed beside the invoices with its receipt.
    const receipts = (await api.billing.invoices({ workspaceId })).filter((d) => d.kind === "receipt");
    expect(receipts.map((r) => `${r.description} ${r.amount} ${r.status}`).sort()).toEqual([
      "100 credits pack 1200 paid",
      "500 credits auto top-up 5000 paid",
      "500 credits auto top-up 5000 paid",
    ]);
    expect(receipts.every((r) => r.receiptUrl?.startsWith(`${double.origin}/r/ch_`))).toBe(true);

    // The audit log: the owner bought a pack and turned top-up on; each top-up bought its pack once, on no one's click.
    const { events } = await api.audit.list({ workspaceId });
    const billingEvents = events
      .filter((e) => e.action === "auto_top_up_changed" || e.action === "credit_pack_purchased")
      .map(({ action, actorEmail, target, detail }) => ({ action, actorEmail, target, detail }));
    expect(billingEvents).toEqual([
      { action: "credit_pack_purchased", actorEmail: null, target: "500 credits", detail: { via: "auto_top_up" } },
      { action: "credit_pack_purchased", actorEmail: null, target: "500 credits", detail: { via: "auto_top_up" } },
      { action: "auto_top_up_changed", actorEmail: user.email, target: null, detail: { enabled: true, threshold: 200, pack: 500 } },
      { action: "credit_pack_purchased", actorEmail: user.email, target: "100 credits", detail: { via: "checkout" } },
    ]);
  });

  it("a declined card turns auto top-up off, says why, and mails the owners", async () => {
    const { api, user, workspaceId, accountId } = await ownerWithCard("Dov");
    const portal = await api.billing.portal({ workspaceId });
    await portalAction(portal.url, "card", { card: "4000000000000341" });
    await api.billing.setAutoTopUp({ workspaceId, enabled: true, threshold: 200, pack: 100 });
    await spend(accountId, 450);
    expect(await account(accountId)).toMatchObject({ balance: 150, topUp: null });
    expect((await api.billing.overview({ workspaceId }))!.autoTopUp).toMatchObject({
      threshold: null,
      stoppedReason: "Your card was declined",
    });
    const [mail] = await mailsTo(user.email, /Auto top-up for Dov Realty was turned off/);
    expect(mail.text).toContain("Your card was declined.");
    const [stopped] = (await api.audit.list({ workspaceId })).events.filter((e) => e.action === "auto_top_up_changed");
    expect(stopped).toMatchObject({ actorEmail: null, detail: { enabled: false, stopped: "Your card was declined" } });
  });

  it("a card that needs the buyer's authentication turns it off too", async () => {
    const { api, user, workspaceId, accountId } = await ownerWithCard("Sol", "4000002760003184");
    await api.billing.setAutoTopUp({ workspaceId, enabled: true, threshold: 200, pack: 100 });
    await spend(accountId, 450);
    expect(await account(accountId)).toMatchObject({ balance: 150, topUp: null });
    expect((await api.billing.overview({ workspaceId }))!.autoTopUp.stoppedReason).toMatch(/bank asked to confirm/);
    expect(await mailsTo(user.email, /Auto top-up .* was turned off/)).toHaveLength(1);
  });

  it("cannot be turned on before a card is saved", async () => {
    const person = await newPerson("Noa");
    const { id: workspaceId } = await person.api.workspaces.create({ name: "Noa Realty" });
    await expect(person.api.billing.setAutoTopUp({ workspaceId, enabled: true, threshold: 100, pack: 100 })).rejects.toThrow(
      /Buy a credit pack first/,
    );
    const db = await getDb();
    expect(await db.select().from(workspaceBilling).where(eq(workspaceBilling.workspaceId, workspaceId))).toEqual([]);
  });
});

describe("the low-balance mail", () => {
  it("goes to the owners once per crossing of the threshold", async () => {
    const { user, accountId } = await ownerWithCard("Lou");
    expect((await account(accountId)).low).toBe(50);
    await spend(accountId, 560);
    const first = await mailsTo(user.email, /has 40 credits left/);
    expect(first).toHaveLength(1);
    expect(first[0].text).toContain("/billing");
    await spend(accountId, 10);
    expect(await mailsTo(user.email, /credits left on Atrium/)).toHaveLength(1);
    const db = await getDb();
    await grantCredits(db, { accountId, amount: 100 });
    await spend(accountId, 110);
    expect(await mailsTo(user.email, /credits left on Atrium/)).toHaveLength(2);
  });
});
