import "server-only";
import crypto from "node:crypto";

/** 192 random bits for a link (invitation, email verification, password reset). */
export function newSecretToken(): string {
  return crypto.randomBytes(24).toString("base64url");
}

/** What is stored instead of the token: a database leak does not leak usable links. */
export function hashSecretToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
