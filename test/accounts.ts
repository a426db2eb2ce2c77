import { getDb } from "@/db/client";
import type { Plan } from "@/shared/vocabulary";
import { createAccount } from "@/server/v1/services/accounts/create-account";

let counter = 0;

/** A fresh v1 account with a key, as `npm run admin -- account create` makes one. */
export async function makeAccount(input: { plan?: Plan; credits?: number; quota?: number } = {}) {
  const db = await getDb();
  return createAccount({ db }, { name: `test-${process.pid}-${++counter}`, plan: input.plan ?? "business", credits: input.credits ?? 100, quota: input.quota });
}
