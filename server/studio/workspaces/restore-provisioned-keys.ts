/**
 * Workspaces whose key an admin pasted before pasted keys were removed (SECURITY.md, M1)
 * are put back on their own provisioned account. Pasting cleared the workspace's account
 * id and overwrote its key, and only a hash of the provisioned key was ever kept, so the
 * account is found again by how it was made (findProvisionedAccount). That account gets a
 * fresh key (its old ones, which nobody can hold any more, are revoked) and keeps its
 * credits and history. A workspace whose account cannot be found gets a new account
 * without credits. Either way the pasted key is forgotten, so a removed admin's own
 * account no longer receives the workspace's work, and an audit event tells the owners.
 */
import "server-only";
import { eq, isNull } from "drizzle-orm";
import { users, workspaces } from "@/db/schema/studio";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { findProvisionedAccount, issueProvisionedKey, provisionV1Account, revokeOtherProvisionedKeys } from "./provision-v1-account";

export type RestoreOutcome = { workspaceId: string; account: "recovered" | "new" };

export async function restoreProvisionedKeys(ctx: Pick<StudioContext, "db" | "now">): Promise<RestoreOutcome[]> {
  const unlinked = await ctx.db.select({ id: workspaces.id }).from(workspaces).where(isNull(workspaces.v1AccountId));
  const outcomes: RestoreOutcome[] = [];
  for (const { id } of unlinked) {
    const outcome = await restoreOne(ctx, id);
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}

async function restoreOne(ctx: Pick<StudioContext, "db" | "now">, workspaceId: string): Promise<RestoreOutcome | null> {
  const restored = await ctx.db.transaction(async (tx) => {
    // Locked and checked again: several instances may start at once.
    const [workspace] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
    if (!workspace || workspace.v1AccountId) return null;
    const own = await findProvisionedAccount(tx, workspace);
    const { prefix, ...credentials } = own
      ? await issueProvisionedKey(tx, own)
      : {
          ...(await provisionV1Account({ db: tx }, workspace.name, {
            starter: false,
            confirmed: await makerConfirmed(tx, workspace.createdBy),
          })),
          prefix: null,
        };
    await tx
      .update(workspaces)
      .set({ ...credentials, updatedAt: ctx.now() })
      .where(eq(workspaces.id, workspaceId));
    const account = own ? ("recovered" as const) : ("new" as const);
    await recordAudit(tx, { workspaceId, actorUserId: null, action: "service_key_restored", detail: { account } });
    return { accountId: credentials.v1AccountId!, keep: prefix, account };
  });
  if (!restored) return null;
  if (restored.keep) await revokeOtherProvisionedKeys(ctx, restored.accountId, restored.keep);
  return { workspaceId, account: restored.account };
}

/** Whether the workspace's maker confirmed their address: a new Free account has quota only then (shared/plans.ts). */
async function makerConfirmed(tx: Pick<StudioContext, "db">["db"], userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const [maker] = await tx.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return Boolean(maker?.verifiedAt);
}
