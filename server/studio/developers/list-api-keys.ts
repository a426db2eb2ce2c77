import "server-only";
import { listKeys } from "@/server/v1/services/keys/list-keys";
import type { KeyScope } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { actorNames } from "./actor-names";
import { connectedAppKeyIds } from "./connected-app-key-ids";
import { developerAccount } from "./developer-account";

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  scope: KeyScope;
  /** The studio's own server-held key. */
  internal: boolean;
  /** The key of a connected AI assistant: revoked with it under Connected apps, never on its own. */
  connectedApp: boolean;
  /** Who made it, always: a maker who left the workspace is named as no longer a member. */
  createdBy: string;
  /** Who answers for it when not its maker: the owner it was handed to when its holder left. */
  heldBy: string | null;
  createdAt: Date;
  /** Set on a rotated key: when it stops working. */
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
}

/** The workspace account's live keys, the studio's own marked internal (D16). */
export async function listApiKeys(ctx: Pick<StudioContext, "db">, input: { workspaceId: string }): Promise<ApiKeyView[]> {
  const account = await developerAccount(ctx, input.workspaceId);
  const keys = await listKeys(ctx.db, { accountId: account.accountId });
  const ofApps = await connectedAppKeyIds(ctx, { workspaceId: input.workspaceId });
  const nameOf = await actorNames(ctx, { workspaceId: input.workspaceId, actors: keys.flatMap((key) => [key.createdBy, key.heldBy]) });
  return keys.map(({ keyHash, createdBy, heldBy, ...key }) => ({
    ...key,
    internal: keyHash === account.internalKeyHash,
    connectedApp: ofApps.has(key.id),
    name: keyHash === account.internalKeyHash ? "Atrium studio (internal)" : key.name || "Unnamed key",
    createdBy: nameOf(createdBy),
    heldBy: heldBy ? nameOf(heldBy) : null,
  }));
}
