/**
 * Kling's own API authenticates with a short-lived HS256 JWT signed by the secret key
 * (iss = access key); gateways that resell Kling take a plain bearer key. KLING_API_KEY
 * holds either `accessKey:secretKey` (we sign a fresh token per request) or the key.
 */
import "server-only";
import crypto from "node:crypto";

const TOKEN_LIFETIME_SECONDS = 1800;

export function klingAuthorization(apiKey: string, nowMs = Date.now()): string {
  const separator = apiKey.indexOf(":");
  if (separator < 0) return `Bearer ${apiKey}`;
  const accessKey = apiKey.slice(0, separator);
  const secretKey = apiKey.slice(separator + 1);
  const now = Math.floor(nowMs / 1000);
  const header = base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  // nbf a little in the past absorbs clock skew between us and Kling.
  const payload = base64Url(JSON.stringify({ iss: accessKey, exp: now + TOKEN_LIFETIME_SECONDS, nbf: now - 5 }));
  const signature = crypto.createHmac("sha256", secretKey).update(`${header}.${payload}`).digest("base64url");
  return `Bearer ${header}.${payload}.${signature}`;
}

function base64Url(text: string): string {
  return Buffer.from(text).toString("base64url");
}
