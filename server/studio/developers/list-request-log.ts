import "server-only";
import { and, eq } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import { AppError } from "@/server/errors";
import { listKeys } from "@/server/v1/services/keys/list-keys";
import { listRequests } from "@/server/v1/services/requests/list-requests";
import type { StatusClass } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { developerAccount } from "./developer-account";

export interface RequestLogQuery {
  workspaceId: string;
  keyId?: string;
  /** The studio's own calls (its internal key's) are left out unless asked for, or their key is chosen. */
  studioCalls?: boolean;
  statusClass?: StatusClass;
  route?: string;
  from?: Date;
  to?: Date;
  cursor?: { at: Date; id: number };
}

const PAGE = 50;

/**
 * A page of the workspace account's request log, newest first, each row naming its key
 * when the key is still live (D16). It opens on the customer's own calls: the studio's
 * pages call the service all the time with the internal key, which would push a first
 * call of one's own out of sight.
 */
export async function listRequestLog(ctx: Pick<StudioContext, "db">, input: RequestLogQuery) {
  const account = await developerAccount(ctx, input.workspaceId);
  // A former key still filters its requests; a key of another account is not found.
  if (input.keyId) {
    const [key] = await ctx.db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.accountId, account.accountId)));
    if (!key) throw new AppError("not_found", "No such key in this workspace.");
  }
  const keys = await listKeys(ctx.db, { accountId: account.accountId });
  const studioKeyIds =
    input.studioCalls || input.keyId ? [] : keys.filter((key) => key.keyHash === account.internalKeyHash).map((key) => key.id);
  const page = await listRequests(ctx.db, {
    ...input,
    excludeKeyIds: studioKeyIds,
    accountId: account.accountId,
    before: input.cursor,
    limit: PAGE,
  });
  const names = new Map(
    keys.map((key) => [key.id, key.keyHash === account.internalKeyHash ? "Atrium studio (internal)" : key.name || "Unnamed key"]),
  );
  return { rows: page.rows.map((row) => ({ ...row, keyName: (row.keyId && names.get(row.keyId)) ?? null })), next: page.next };
}
