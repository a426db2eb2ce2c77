import type { Database } from "@/db/client";
import type { Plan } from "@/shared/vocabulary";
import { createAccount } from "@/server/v1/services/accounts/create-account";

export interface SuiteAccount {
  accountId: string;
  apiKey: string;
}

/** Every key the suite was given, for the secrets scan. */
export const issuedKeys: string[] = [];

/** Accounts with keys, made as `npm run admin -- account create` makes them, in the given server's database. */
export async function makeAccounts(
  db: Database,
  specs: Array<{ name: string; plan: Plan; credits: number; quota?: number }>,
): Promise<SuiteAccount[]> {
  const made: SuiteAccount[] = [];
  for (const spec of specs) {
    const account = await createAccount({ db }, spec);
    issuedKeys.push(account.apiKey);
    made.push(account);
  }
  return made;
}
