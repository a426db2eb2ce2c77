/**
 * Signed links for the local store: an HMAC over the method, key, expiry and (for
 * uploads) the allowed type and size, so a link can neither be stretched in time nor
 * reused for another file or purpose.
 */
import "server-only";
import crypto from "node:crypto";

export type SignedAccess =
  { method: "GET"; key: string; expires: number } | { method: "PUT"; key: string; expires: number; contentType: string; maxBytes: number };

export function signAccess(access: SignedAccess, secret: string): string {
  const fields =
    access.method === "GET"
      ? [access.method, access.key, access.expires]
      : [access.method, access.key, access.expires, access.contentType, access.maxBytes];
  return crypto.createHmac("sha256", secret).update(fields.join("\n")).digest("base64url");
}

/** Query parameters carrying `access` and its signature. */
export function accessQuery(access: SignedAccess, secret: string): URLSearchParams {
  const query = new URLSearchParams({ exp: String(access.expires) });
  if (access.method === "PUT") {
    query.set("type", access.contentType);
    query.set("max", String(access.maxBytes));
  }
  query.set("sig", signAccess(access, secret));
  return query;
}

/** The access a query grants for `method` on `key`, or null when unsigned, tampered or expired. */
export function verifyAccess(
  method: "GET" | "PUT",
  key: string,
  query: URLSearchParams,
  secret: string,
  nowSeconds: number,
): SignedAccess | null {
  const expires = Number(query.get("exp"));
  const signature = query.get("sig") ?? "";
  if (!Number.isSafeInteger(expires) || expires < nowSeconds) return null;
  const access: SignedAccess =
    method === "GET"
      ? { method, key, expires }
      : { method, key, expires, contentType: query.get("type") ?? "", maxBytes: Number(query.get("max")) };
  if (access.method === "PUT" && !(Number.isSafeInteger(access.maxBytes) && access.maxBytes >= 0)) return null;
  const expected = Buffer.from(signAccess(access, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? access : null;
}
