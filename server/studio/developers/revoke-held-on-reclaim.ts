import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { workspaces } from "@/db/schema/studio";
import { notifyKeyChange } from "@/server/v1/services/keys/key-cache";
import { releaseHeldKeys } from "@/server/v1/services/keys/release-held-keys";
import { releaseHeldEndpoints } from "@/server/v1/services/webhooks/release-held-endpoints";
import { recordAudit } from "../audit/record-audit";
import { keyAuditTarget, studioActor } from "./developer-account";

/**
 * When an account is claimed back by its address's owner (users/review-reclaimed-account.ts),
 * the API keys and webhook endpoints held in a workspace it made, by the account itself
 * and by the members removed with the review, were set up by whoever held the password:
 * they are revoked and turned off, in the reset's transaction, each in the audit log. Every
 * instance is told when the transaction commits (no wait for acknowledgment inside it; a
 * cached key lives at most a minute without one).
 */
export async function revokeHeldOnReclaim(
  tx: Tx,
  input: { workspaceId: string; holders: { userId: string; email: string }[]; actorUserId: string; ip?: string; now: Date },
): Promise<void> {
  const [{ accountId }] = await tx
    .select({ accountId: workspaces.v1AccountId })
    .from(workspaces)
    .where(eq(workspaces.id, input.workspaceId));
  if (!accountId) return;
  const event = { workspaceId: input.workspaceId, actorUserId: input.actorUserId, ip: input.ip };
  for (const holder of input.holders) {
    const release = { accountId, holder: studioActor(holder.userId), handTo: null, now: input.now };
    const keys = await releaseHeldKeys(tx, { ...release, notify: (change) => notifyKeyChange(tx, change) });
    const endpoints = await releaseHeldEndpoints(tx, release);
    const detail = { reason: "account_reclaimed", member: holder.email };
    for (const key of keys) await recordAudit(tx, { ...event, action: "api_key_revoked", target: keyAuditTarget(key), detail });
    for (const { url } of endpoints) await recordAudit(tx, { ...event, action: "webhook_endpoint_disabled", target: url, detail });
  }
}
