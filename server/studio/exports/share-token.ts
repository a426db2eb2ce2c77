/**
 * Share link tokens at rest. The link carries a random token; the database keeps its
 * sha256 (what a visit is looked up by) and the token sealed with the studio's
 * encryption key (so the team can copy the link again). A copy of the table alone
 * opens no share page. Links made before hashing kept the token in plaintext:
 * sealStoredShareTokens, run at every start, seals those (their hash was filled by the
 * migration, so they keep working throughout).
 */
import "server-only";
import crypto from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { shareLinks } from "@/db/schema/studio-generations";
import { decryptSecret, encryptSecret } from "@/server/crypto/secret-box";

export function shareTokenHash(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** A fresh token and the two columns stored for it. */
export function newShareToken(): { token: string; tokenHash: string; tokenSealed: string } {
  const token = crypto.randomBytes(24).toString("base64url");
  return { token, tokenHash: shareTokenHash(token), tokenSealed: encryptSecret(token) };
}

/** The token in a stored link (sealed, or plaintext from before hashing). */
export function shareTokenOf(link: { token: string | null; tokenSealed: string | null }): string {
  if (link.tokenSealed) return decryptSecret(link.tokenSealed);
  if (link.token) return link.token;
  throw new Error("A share link without its token.");
}

/** Seals every token still stored in plaintext; returns how many. Safe on several instances at once. */
export async function sealStoredShareTokens(db: Database): Promise<number> {
  const plain = await db.select({ id: shareLinks.id, token: shareLinks.token }).from(shareLinks).where(isNotNull(shareLinks.token));
  let sealed = 0;
  for (const row of plain) {
    const updated = await db
      .update(shareLinks)
      .set({ token: null, tokenSealed: encryptSecret(row.token!), tokenHash: shareTokenHash(row.token!) })
      .where(and(eq(shareLinks.id, row.id), eq(shareLinks.token, row.token!)))
      .returning({ id: shareLinks.id });
    sealed += updated.length;
  }
  return sealed;
}
