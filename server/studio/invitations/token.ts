import crypto from "node:crypto";

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

export function newInvitationToken(): string {
  return crypto.randomBytes(24).toString("base64url");
}

export function hashInvitationToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
