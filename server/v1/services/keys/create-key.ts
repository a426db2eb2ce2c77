import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts, apiKeys } from "@/db/schema";
import { AppError } from "@/server/errors";
import { generateApiKey, hashApiKey, keyPrefix } from "./api-key";

/** Issues a new key for an account; the returned secret is never stored. */
export async function createKey(db: Tx, input: { accountId: string }): Promise<{ apiKey: string; prefix: string }> {
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, input.accountId));
  if (!account) throw new AppError("not_found", "No such account.");
  const apiKey = generateApiKey();
  await db.insert(apiKeys).values({ accountId: input.accountId, prefix: keyPrefix(apiKey), keyHash: hashApiKey(apiKey) });
  return { apiKey, prefix: keyPrefix(apiKey) };
}
