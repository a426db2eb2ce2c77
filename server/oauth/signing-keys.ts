/**
 * The authorization server's keys, derived with HKDF from AUTH_SECRET (which every
 * instance shares and production must set), so no new secret has to be configured and
 * every instance signs alike: the key that signs its cookies, and an Ed25519 key for what
 * it signs as JWTs (ID tokens, when a client asks for `openid`; access tokens are opaque).
 */
import "server-only";
import crypto from "node:crypto";
import { secret } from "@/server/secrets";

function derive(purpose: string, length: number): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", secret("AUTH_SECRET"), "", `atrium/oauth/${purpose}`, length));
}

/** Keys for oidc-provider's signed cookies (Keygrip). */
export function cookieKeys(): string[] {
  return [derive("cookies", 32).toString("base64url")];
}

/** PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410): the fixed prefix, then the 32 bytes. */
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** The private signing key as a JWK, for oidc-provider's `jwks`. */
export function signingJwk(): crypto.JsonWebKey {
  const seed = derive("signing", 32);
  const key = crypto.createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" });
  const jwk = key.export({ format: "jwk" });
  const kid = crypto.createHash("sha256").update(String(jwk.x)).digest("base64url").slice(0, 16);
  return { ...jwk, kid, use: "sig", alg: "EdDSA" };
}
