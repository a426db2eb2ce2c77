/**
 * Encrypts small secrets at rest (workspace v1 API keys) with AES-256-GCM. The key is
 * derived with HKDF from STUDIO_ENCRYPTION_KEY so the raw setting is never used as a
 * cipher key directly and other purposes can derive their own keys from it later.
 *
 * Envelope: "v1.<iv>.<tag>.<ciphertext>", base64url parts. The version prefix lets a
 * future key rotation tell old envelopes from new ones.
 */
import "server-only";
import crypto from "node:crypto";
import { secret } from "@/server/secrets";

const VERSION = "v1";
const INFO = "atrium/studio/secret-box";

let cachedKey: { source: string; key: Buffer } | undefined;

function cipherKey(): Buffer {
  const source = secret("STUDIO_ENCRYPTION_KEY");
  if (cachedKey?.source !== source) {
    const key = Buffer.from(crypto.hkdfSync("sha256", source, "", INFO, 32));
    cachedKey = { source, key };
  }
  return cachedKey.key;
}

export function encryptSecret(plaintext: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", cipherKey(), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, body].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** Throws when the envelope was tampered with or sealed under another key. */
export function decryptSecret(envelope: string): string {
  const [version, iv, tag, body] = envelope.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("Unknown secret envelope format.");
  const decipher = crypto.createDecipheriv("aes-256-gcm", cipherKey(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
