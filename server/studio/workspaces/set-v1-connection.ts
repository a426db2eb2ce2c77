import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import { encryptSecret } from "@/server/crypto/secret-box";
import type { StudioContext } from "../context";
import { keyPrefix } from "./key-prefix";

/**
 * Points a workspace at another v1 account or deployment. A pasted key replaces the
 * provisioned one (the account id is cleared: it no longer describes the key); an
 * empty base URL returns to the default.
 */
export async function setV1Connection(
  ctx: StudioContext,
  input: { workspaceId: string; apiKey?: string; baseUrl?: string | null },
): Promise<void> {
  const changes: Partial<typeof workspaces.$inferInsert> = { updatedAt: ctx.now() };
  if (input.apiKey) {
    changes.v1ApiKeyEncrypted = encryptSecret(input.apiKey);
    changes.v1ApiKeyPrefix = keyPrefix(input.apiKey);
    changes.v1AccountId = null;
  }
  if (input.baseUrl !== undefined) changes.v1BaseUrl = input.baseUrl ? input.baseUrl.replace(/\/+$/, "") : null;
  await ctx.db.update(workspaces).set(changes).where(eq(workspaces.id, input.workspaceId));
}
