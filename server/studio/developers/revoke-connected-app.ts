import "server-only";
import { AppError } from "@/server/errors";
import { withKeyChangeAcknowledged } from "@/server/v1/services/keys/key-cache";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { developerAccount } from "./developer-account";
import { connectedAppAuditTarget } from "./list-connected-apps";
import { revokeConnectedApps } from "./release-connected-apps";

/**
 * Revokes one connected app of the workspace: from the moment this returns, its tokens and
 * its key are refused everywhere and its refresh token is dead; the app has to be signed in
 * to again. In the audit log.
 */
export async function revokeConnectedApp(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; userId: string; connectionId: string; ip?: string },
): Promise<{ revoked: string }> {
  await developerAccount(ctx, input.workspaceId);
  const [revoked] = await withKeyChangeAcknowledged(ctx.db, async (tx, notify) => {
    const rows = await revokeConnectedApps(tx, { workspaceId: input.workspaceId, id: input.connectionId, now: ctx.now(), notify });
    for (const row of rows) {
      await recordAudit(tx, {
        workspaceId: input.workspaceId,
        actorUserId: input.userId,
        action: "connected_app_revoked",
        target: connectedAppAuditTarget(row),
        detail: { key: row.keyPrefix },
        ip: input.ip,
      });
    }
    return rows;
  });
  if (!revoked) throw new AppError("not_found", "No such connected app, or it was revoked already.");
  return { revoked: revoked.clientName };
}
