import "server-only";
import { revokeKey } from "@/server/v1/services/keys/revoke-key";
import type { StudioContext } from "../context";
import { accountOfChangeableKey } from "./changeable-key";

/** Revokes a key of the workspace's account at once: once this returns, every instance refuses it (D16). */
export async function revokeApiKey(ctx: Pick<StudioContext, "db" | "now">, input: { workspaceId: string; keyId: string }): Promise<{ revoked: string }> {
  const { accountId } = await accountOfChangeableKey(ctx, input);
  return revokeKey(ctx.db, { accountId, keyId: input.keyId, now: ctx.now() });
}
