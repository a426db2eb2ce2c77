/**
 * Webhook signing secrets: `whsec_` + base64 of 32 random bytes, the Standard Webhooks
 * form (its libraries base64-decode what follows the prefix), and kept encrypted at rest
 * (AES-256-GCM, server/crypto/secret-box.ts, as the studio's workspace keys): a copy of
 * the database alone cannot forge deliveries. Rows written before encryption hold the
 * plaintext (`whsec_…`); they still sign until encryptStoredWebhookSecrets, run at every
 * start, seals them.
 */
import "server-only";
import crypto from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { decryptSecret, encryptSecret } from "@/server/crypto/secret-box";

const PLAINTEXT_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return `${PLAINTEXT_PREFIX}${crypto.randomBytes(32).toString("base64")}`;
}

export function sealWebhookSecret(secret: string): string {
  return encryptSecret(secret);
}

/** The secret to sign with, from what the row holds (sealed, or plaintext from before). */
export function openWebhookSecret(stored: string): string {
  return stored.startsWith(PLAINTEXT_PREFIX) ? stored : decryptSecret(stored);
}

/** Seals every endpoint secret still stored in plaintext; returns how many. Safe to run on several instances at once. */
export async function encryptStoredWebhookSecrets(db: Tx): Promise<number> {
  const plain = await db
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(like(webhookEndpoints.secret, `${PLAINTEXT_PREFIX}%`));
  let sealed = 0;
  for (const row of plain) {
    // Only if unchanged since read: a new secret set meanwhile is already sealed.
    const updated = await db
      .update(webhookEndpoints)
      .set({ secret: sealWebhookSecret(row.secret) })
      .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secret, row.secret)))
      .returning({ id: webhookEndpoints.id });
    sealed += updated.length;
  }
  return sealed;
}
