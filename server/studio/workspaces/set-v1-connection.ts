import "server-only";
import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema/studio";
import { encryptSecret } from "@/server/crypto/secret-box";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { keyPrefix } from "./key-prefix";
import { isAllowedV1BaseUrl, normalizeV1BaseUrl } from "./v1-addresses";

/**
 * Points a workspace at another v1 account, or at another of the addresses the operator
 * allows. A pasted key replaces the provisioned one (the account id is cleared: it no
 * longer describes the key); an empty base URL returns to the default.
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
  if (input.baseUrl !== undefined) {
    if (input.baseUrl && !isAllowedV1BaseUrl(input.baseUrl)) {
      throw new AppError("invalid_request", "Choose one of the service addresses this deployment allows.");
    }
    changes.v1BaseUrl = input.baseUrl ? normalizeV1BaseUrl(input.baseUrl) : null;
  }
  await ctx.db.update(workspaces).set(changes).where(eq(workspaces.id, input.workspaceId));
}
