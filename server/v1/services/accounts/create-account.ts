import "server-only";
import type { PlanSource } from "@/db/schema";
import { PLANS, type Plan } from "@/shared/vocabulary";
import { accounts } from "@/db/schema";
import { AppError } from "@/server/errors";
import type { VerbContext } from "@/server/context";
import { defaultQuota } from "../../plans";
import { grantCredits } from "../billing/grant-credits";
import { createKey } from "../keys/create-key";

export interface CreateAccountInput {
  name: string;
  plan: Plan;
  credits?: number;
  quota?: number;
  /** Who chose the plan: the operator (default) or the studio's sign-up plan. */
  planSource?: PlanSource;
  /** Mail the owners when a debit leaves fewer credits than this (studio accounts). */
  lowBalanceThreshold?: number;
  /** The first key's name and maker (api_keys.name, created_by). */
  keyName?: string;
  createdBy?: string;
}

/** Creates an account with its first key and starting credits, in one transaction. */
export async function createAccount(
  ctx: Pick<VerbContext, "db">,
  input: CreateAccountInput,
): Promise<{ accountId: string; apiKey: string }> {
  if (!input.name.trim()) throw new AppError("invalid_request", "The account needs a name.");
  if (!PLANS.includes(input.plan)) throw new AppError("invalid_request", `The plan must be one of ${PLANS.join(", ")}.`);
  const credits = input.credits ?? 0;
  const quota = input.quota ?? defaultQuota(input.plan);
  if (!Number.isInteger(credits) || credits < 0) throw new AppError("invalid_request", "Credits must be a whole number, 0 or more.");
  if (!Number.isInteger(quota) || quota < 0) throw new AppError("invalid_request", "The quota must be a whole number, 0 or more.");
  return ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({
        name: input.name.trim(),
        plan: input.plan,
        monthlyQuota: quota,
        planSource: input.planSource ?? "operator",
        lowBalanceThreshold: input.lowBalanceThreshold ?? null,
      })
      .returning({ id: accounts.id });
    if (credits > 0) await grantCredits(tx, { accountId: account.id, amount: credits, note: "opening balance", source: "opening" });
    const { apiKey } = await createKey(tx, { accountId: account.id, name: input.keyName, createdBy: input.createdBy });
    return { accountId: account.id, apiKey };
  });
}
