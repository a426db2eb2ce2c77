/**
 * A debit took a workspace's balance under a threshold (debit-credits.ts, announced inside
 * the debiting transaction): once the debit is seen committed, the owners get the
 * low-balance mail and auto top-up buys the chosen pack (server/billing/balance-crossing.ts).
 * One run per crossing (the event id is the debit's ledger id); each step runs once.
 */
import { inngest } from "@/inngest/client";
import { balanceCrossed } from "@/inngest/billing-events";
import { chargeAutoTopUp, debitCommitted, mailLowBalance, mailTopUpStopped } from "@/server/billing/balance-crossing";
import { createBillingContext } from "@/server/billing/context";
import { getDb } from "@/db/client";

export const balanceCrossedFunction = inngest.createFunction(
  { id: "billing-balance-crossed", retries: 4, triggers: [balanceCrossed], concurrency: { key: "event.data.accountId", limit: 1 } },
  async ({ event, step }) => {
    const { accountId, ledgerEntryId, balance } = event.data;
    let committed = await step.run("debit-committed", async () => debitCommitted(await getDb(), ledgerEntryId));
    if (!committed) {
      // Sent before its transaction committed: look again once it surely has, or was rolled back.
      await step.sleep("let-the-debit-commit", "5s");
      committed = await step.run("debit-committed-later", async () => debitCommitted(await getDb(), ledgerEntryId));
    }
    if (!committed) return { crossing: "rolled back" };
    const mailed = event.data.lowBalance
      ? await step.run("mail-low-balance", async () => mailLowBalance(await createBillingContext(), { accountId, balance }))
      : 0;
    if (!event.data.topUp) return { mailed };
    const topUp = await step.run("auto-top-up", async () => chargeAutoTopUp(await createBillingContext(), { accountId, ledgerEntryId }));
    if (topUp.outcome === "stopped")
      await step.run("mail-top-up-stopped", async () =>
        mailTopUpStopped(await createBillingContext(), { accountId, reason: topUp.reason }),
      );
    return { mailed, topUp };
  },
);
