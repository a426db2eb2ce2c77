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
  statusClass?: StatusClass;
  route?: string;
  from?: Date;
  to?: Date;
  cursor?: { at: Date; id: number };
}

const PAGE = 50;

/** A page of the workspace account's request log, newest first, each row naming its key when the key is still live (D16). */
export async function listRequestLog(ctx: Pick<StudioContext, "db">, input: RequestLogQuery) {
  const account = await developerAccount(ctx, input.workspaceId);
  // A former key still filters its requests; a key of another account is not found.
  if (input.keyId) {
    const [key] = await ctx.db.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.accountId, account.accountId)));
    if (!key) throw new AppError("not_found", "No such key in this workspace.");
  }
  const [page, keys] = await Promise.all([
    listRequests(ctx.db, { ...input, accountId: account.accountId, before: input.cursor, limit: PAGE }),
    listKeys(ctx.db, { accountId: account.accountId }),
  ]);
  const names = new Map(keys.map((key) => [key.id, key.keyHash === account.internalKeyHash ? "Atrium studio (internal)" : key.name || "Unnamed key"]));
  return { rows: page.rows.map((row) => ({ ...row, keyName: (row.keyId && names.get(row.keyId)) ?? null })), next: page.next };
}
