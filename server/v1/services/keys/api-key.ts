/**
 * API keys: `idk_` followed by 40 base62 characters (about 238 random bits). Only the
 * SHA-256 hash is stored; the key itself is shown once, when it is made.
 */
import "server-only";
import crypto from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 40;
export const KEY_PREFIX_LENGTH = 12;

export function generateApiKey(): string {
  let body = "";
  while (body.length < RANDOM_LENGTH) {
    // Rejection sampling keeps every character equally likely.
    for (const byte of crypto.randomBytes(RANDOM_LENGTH)) {
      if (byte < 248 && body.length < RANDOM_LENGTH) body += ALPHABET[byte % 62];
    }
  }
  return `idk_${body}`;
}

export function hashApiKey(key: string): string {
  return crypto.createHash("sha256").update(key, "utf8").digest("hex");
}

export function keyPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX_LENGTH);
}
