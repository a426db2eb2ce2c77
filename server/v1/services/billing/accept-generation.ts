/**
 * The billing half of accepting a generation POST, in the order of D2: quota first
 * (403 quota_exceeded), then credits (402 insufficient_credits). Run it in the same
 * transaction that stores the job, so a refusal leaves nothing charged or stored. A debit
 * that crosses one of the account's balance thresholds is announced in that transaction.
 */
import "server-only";
import type { Tx } from "@/db/client";
import type { EventSender } from "@/server/context";
import type { AuthenticatedAccount } from "../keys/authenticate-key";
import { announceCrossing } from "./announce-crossing";
import { debitCredits } from "./debit-credits";
import { consumeQuota } from "./quota";

export interface Charge {
  amount: number;
  chargeKey: string;
  jobId: string;
  operation: string;
}

export async function acceptGeneration(
  db: Tx,
  input: { account: AuthenticatedAccount; now: Date; events: EventSender; charge?: Charge },
): Promise<void> {
  await consumeQuota(db, { accountId: input.account.id, quota: input.account.monthlyQuota, now: input.now });
  if (!input.charge) return;
  const debit = await debitCredits(db, { accountId: input.account.id, ...input.charge });
  await announceCrossing(input.events, input.account.id, debit);
}
