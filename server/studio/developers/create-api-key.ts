import "server-only";
import { createKey } from "@/server/v1/services/keys/create-key";
import type { KeyScope } from "@/shared/developer-vocabulary";
import type { StudioContext } from "../context";
import { developerAccount, studioActor } from "./developer-account";

/** A new key of the workspace's account; the secret is returned this once and never again (D16). */
export async function createApiKey(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; userId: string; name: string; scope: KeyScope },
): Promise<{ id: string; apiKey: string; prefix: string }> {
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  return createKey(ctx.db, { accountId, name: input.name, scope: input.scope, createdBy: studioActor(input.userId) });
}
