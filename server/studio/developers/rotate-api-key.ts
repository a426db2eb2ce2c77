import "server-only";
import { rotateKey } from "@/server/v1/services/keys/rotate-key";
import type { StudioContext } from "../context";
import { studioActor } from "./developer-account";
import { accountOfChangeableKey } from "./changeable-key";

/** A new key in place of one; the old keeps working for the chosen overlap (D16). The new secret is returned this once. */
export async function rotateApiKey(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; userId: string; keyId: string; overlapHours: number },
): Promise<{ id: string; apiKey: string; prefix: string; oldKeyExpiresAt: Date }> {
  const { accountId } = await accountOfChangeableKey(ctx, input);
  return rotateKey(ctx.db, { accountId, keyId: input.keyId, overlapHours: input.overlapHours, createdBy: studioActor(input.userId), now: ctx.now() });
}
