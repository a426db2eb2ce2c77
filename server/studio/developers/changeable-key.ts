import "server-only";
import { AppError } from "@/server/errors";
import { listKeys, type KeySummary } from "@/server/v1/services/keys/list-keys";
import type { StudioContext } from "../context";
import { connectedAppKeyIds } from "./connected-app-key-ids";
import { developerAccount, type DeveloperAccount } from "./developer-account";

/** The account and the key, after checking the key is a live key of it other than the studio's own or a connected app's (which the UI never changes). */
export async function changeableKey(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; keyId: string },
): Promise<DeveloperAccount & { key: KeySummary }> {
  const account = await developerAccount(ctx, input.workspaceId);
  const key = (await listKeys(ctx.db, { accountId: account.accountId })).find((k) => k.id === input.keyId);
  if (!key) throw new AppError("not_found", "No such key, or it no longer works.");
  if (key.keyHash === account.internalKeyHash)
    throw new AppError("forbidden", "The studio's own key cannot be changed here: the studio needs it to run your work.");
  if ((await connectedAppKeyIds(ctx, input)).has(key.id)) {
    throw new AppError(
      "forbidden",
      "This key belongs to a connected app: revoke the app under Developers → Connected apps, and its key goes with it.",
    );
  }
  return { ...account, key };
}
