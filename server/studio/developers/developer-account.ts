/**
 * The Developers section's seam into the v1 service (D16). Only the 13 routes are public
 * (D1), so a workspace's keys, request log and webhook endpoints are managed by calling
 * the service's verbs in process, for the workspace's own v1 account: the one the studio
 * provisioned in this deployment's database (workspaces/provision-v1-account.ts). This
 * folder is the only studio code besides that file allowed to import the verbs
 * (eslint/boundaries.mjs); callers must have checked that the person is an owner or admin.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import { decryptSecret } from "@/server/crypto/secret-box";
import { AppError } from "@/server/errors";
import { hashApiKey } from "@/server/v1/services/keys/api-key";
import type { StudioContext } from "../context";

export interface DeveloperAccount {
  accountId: string;
  /** The hash of the key the studio itself calls with: listed as internal, never revealed or revocable here. */
  internalKeyHash: string | null;
}

export async function developerAccount(ctx: Pick<StudioContext, "db">, workspaceId: string): Promise<DeveloperAccount> {
  const [workspace] = await ctx.db
    .select({ accountId: workspaces.v1AccountId, encrypted: workspaces.v1ApiKeyEncrypted })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!workspace) throw new AppError("not_found", "Workspace not found.");
  if (!workspace.accountId) {
    throw new AppError(
      "feature_unavailable",
      "This workspace's image service account is not managed by this deployment, so its keys and webhooks are not either.",
    );
  }
  return { accountId: workspace.accountId, internalKeyHash: workspace.encrypted ? hashApiKey(decryptSecret(workspace.encrypted)) : null };
}

/** What api_keys.created_by and webhook_endpoints.created_by hold for a person acting in the studio. */
export const studioActor = (userId: string) => `user:${userId}`;

/** How the audit log names a key: its name and prefix, never more of it. */
export const keyAuditTarget = (key: { name: string; prefix: string }) => `${key.name || "Unnamed key"} (${key.prefix}…)`;
