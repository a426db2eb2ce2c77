/**
 * Webhook signing secrets are kept encrypted at rest (AES-256-GCM, server/crypto/secret-box.ts,
 * as the studio's workspace keys): a copy of the database alone cannot forge deliveries.
 * Rows written before encryption hold the plaintext (`whsec_…`); they still sign until
 * encryptStoredWebhookSecrets, run at every start, seals them.
 */
import "server-only";
import { and, eq, like } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts } from "@/db/schema";
import { decryptSecret, encryptSecret } from "@/server/crypto/secret-box";

const PLAINTEXT_PREFIX = "whsec_";

export function sealWebhookSecret(secret: string): string {
  return encryptSecret(secret);
}

/** The secret to sign with, from what the row holds (sealed, or plaintext from before). */
export function openWebhookSecret(stored: string): string {
  return stored.startsWith(PLAINTEXT_PREFIX) ? stored : decryptSecret(stored);
}

/** Seals every webhook secret still stored in plaintext; returns how many. Safe to run on several instances at once. */
export async function encryptStoredWebhookSecrets(db: Tx): Promise<number> {
  const plain = await db
    .select({ id: accounts.id, secret: accounts.webhookSecret })
    .from(accounts)
    .where(like(accounts.webhookSecret, `${PLAINTEXT_PREFIX}%`));
  let sealed = 0;
  for (const row of plain) {
    // Only if unchanged since read: a new secret set meanwhile is already sealed.
    const updated = await db
      .update(accounts)
      .set({ webhookSecret: sealWebhookSecret(row.secret!) })
      .where(and(eq(accounts.id, row.id), eq(accounts.webhookSecret, row.secret!)))
      .returning({ id: accounts.id });
    sealed += updated.length;
  }
  return sealed;
}
