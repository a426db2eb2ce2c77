import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { apiKeys, connectedApps } from "@/db/schema";
import { revokeGrants } from "@/server/oauth/revoke-grants";
import type { KeyChangeNotifier } from "@/server/v1/services/keys/key-cache";

export interface RevokedConnection {
  id: string;
  clientName: string;
  clientId: string;
  keyPrefix: string;
}

/**
 * Revokes a workspace's connected apps, one (`id`) or all a person approved (`userId`), in
 * the caller's transaction: the connection is marked revoked, its key revoked on every
 * instance (through `notify`), and its grant's codes and tokens deleted. Returns what it revoked.
 */
export async function revokeConnectedApps(
  tx: Tx,
  input: { workspaceId: string; now: Date; notify: KeyChangeNotifier } & ({ id: string } | { userId: string }),
): Promise<RevokedConnection[]> {
  const which = "id" in input ? eq(connectedApps.id, input.id) : eq(connectedApps.userId, input.userId);
  const live = await tx
    .select({
      id: connectedApps.id,
      clientName: connectedApps.clientName,
      clientId: connectedApps.clientId,
      grantId: connectedApps.grantId,
      keyId: apiKeys.id,
      keyPrefix: apiKeys.prefix,
      keyHash: apiKeys.keyHash,
    })
    .from(connectedApps)
    .innerJoin(apiKeys, eq(apiKeys.id, connectedApps.apiKeyId))
    .where(and(eq(connectedApps.workspaceId, input.workspaceId), which, isNull(connectedApps.revokedAt)))
    .for("update");
  if (live.length === 0) return [];
  await tx
    .update(connectedApps)
    .set({ revokedAt: input.now })
    .where(
      inArray(
        connectedApps.id,
        live.map((row) => row.id),
      ),
    );
  await tx
    .update(apiKeys)
    .set({ revokedAt: input.now })
    .where(
      and(
        inArray(
          apiKeys.id,
          live.map((row) => row.keyId),
        ),
        isNull(apiKeys.revokedAt),
      ),
    );
  for (const row of live) await input.notify(`key:${row.keyHash}`);
  await revokeGrants(
    tx,
    live.map((row) => row.grantId),
  );
  return live.map(({ id, clientName, clientId, keyPrefix }) => ({ id, clientName, clientId, keyPrefix }));
}
