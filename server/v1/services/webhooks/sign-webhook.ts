import "server-only";
import crypto from "node:crypto";

/**
 * The contract's signature (D11): `sha256=` and the hex HMAC-SHA256, keyed by the
 * endpoint secret as UTF-8 bytes, of `timestamp + "." + raw body`.
 */
export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return `sha256=${crypto.createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestamp}.${rawBody}`).digest("hex")}`;
}

/** What a receiver does: constant-time comparison and a 5-minute window on the timestamp. */
export function verifyWebhook(
  secret: string,
  headers: { timestamp: string; signature: string },
  rawBody: string,
  nowSeconds: number,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > 300) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody));
  const given = Buffer.from(headers.signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/**
 * One entry of the Standard Webhooks `webhook-signature` header: `v1,` and the base64
 * HMAC-SHA256 of `id.timestamp.body`, keyed by the base64-decoded part of the secret
 * after `whsec_` (as the `standardwebhooks` library reads it; Node's decoder also takes
 * the URL-safe alphabet of secrets made before D16).
 */
export function standardSignature(secret: string, id: string, timestamp: number, rawBody: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${rawBody}`).digest("base64")}`;
}
