/**
 * A read-only look at quota and balance before a generation does expensive work
 * (fetching sources). It refuses early with the same codes, in the same order, as
 * acceptGeneration, which remains the authority inside the accepting transaction.
 */
import "server-only";
import type { Tx } from "@/db/client";
import { AppError } from "@/server/errors";
import type { AuthenticatedAccount } from "../keys/authenticate-key";
import { readQuotaUsage } from "./quota";

export async function preflightGeneration(db: Tx, input: { account: AuthenticatedAccount; now: Date; cost: number }): Promise<void> {
  const usage = await readQuotaUsage(db, { accountId: input.account.id, now: input.now });
  if (usage.month >= input.account.monthlyQuota) throw new AppError("quota_exceeded");
  if (input.account.creditBalance < input.cost) throw new AppError("insufficient_credits");
}
