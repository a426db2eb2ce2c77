/**
 * Hands a threshold crossing (debit-credits.ts) to its durable function: the low-balance
 * mail and auto top-up. It is sent inside the debiting transaction, so a crossing is never
 * lost to a crash between commit and send; the function waits until the debit's ledger
 * row is visible, and does nothing if the transaction rolled back instead.
 */
import "server-only";
import { balanceCrossed } from "@/inngest/billing-events";
import type { EventSender } from "@/server/context";
import type { DebitResult } from "./debit-credits";

export async function announceCrossing(events: EventSender, accountId: string, debit: DebitResult): Promise<void> {
  if (!debit.crossing) return;
  const { balance, lowBalance, topUp } = debit.crossing;
  await events.send(
    balanceCrossed.create(
      { accountId, ledgerEntryId: debit.entryId, balance, lowBalance, topUp },
      { id: `balance-crossed-${debit.entryId}` },
    ),
  );
}
