import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts, apiKeys } from "@/db/schema";
import { hashApiKey } from "./api-key";

export type AuthenticatedAccount = typeof accounts.$inferSelect;

/** The account owning a live key, or null for an unknown or revoked key. */
export async function authenticateKey(db: Tx, apiKey: string): Promise<AuthenticatedAccount | null> {
  const [row] = await db
    .select({ account: accounts })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(apiKey)), isNull(apiKeys.revokedAt)));
  return row?.account ?? null;
}
