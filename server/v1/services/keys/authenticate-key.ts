import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts, apiKeys } from "@/db/schema";
import type { KeyScope } from "@/shared/vocabulary";
import { hashApiKey } from "./api-key";
import { isLiveKey } from "./live-key";

export type AuthenticatedAccount = typeof accounts.$inferSelect;

/** The key a request came with: what the request log names and what its scope allows (D16). */
export interface AuthenticatedKey {
  id: string;
  prefix: string;
  scope: KeyScope;
  /** Set on a rotated key: it stops working then. */
  expiresAt: Date | null;
}

export interface Authenticated {
  account: AuthenticatedAccount;
  key: AuthenticatedKey;
}

/** The account and key of a live key, or null for an unknown, revoked or expired key. */
export async function authenticateKey(db: Tx, apiKey: string): Promise<Authenticated | null> {
  const [row] = await db
    .select({ account: accounts, key: { id: apiKeys.id, prefix: apiKeys.prefix, scope: apiKeys.scope, expiresAt: apiKeys.expiresAt } })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(apiKey)), isLiveKey()));
  return row ?? null;
}
