import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts } from "@/db/schema";
import { PLANS, type Plan } from "@/shared/vocabulary";
import { AppError } from "@/server/errors";
import { notifyKeyChange } from "../keys/key-cache";

export async function setPlan(db: Tx, input: { accountId: string; plan: Plan; quota?: number }): Promise<void> {
  if (!PLANS.includes(input.plan)) throw new AppError("invalid_request", `The plan must be one of ${PLANS.join(", ")}.`);
  const changes = input.quota === undefined ? { plan: input.plan } : { plan: input.plan, monthlyQuota: input.quota };
  const updated = await db.update(accounts).set({ ...changes, updatedAt: new Date() }).where(eq(accounts.id, input.accountId)).returning({ id: accounts.id });
  if (updated.length === 0) throw new AppError("not_found", "No such account.");
  await notifyKeyChange(db, `account:${input.accountId}`);
}
