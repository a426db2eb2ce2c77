import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { workspaces } from "@/db/schema/studio";
import { decryptSecret } from "@/server/crypto/secret-box";
import { AppError } from "@/server/errors";
import { defaultV1BaseUrl } from "./default-v1-base-url";
import { isAllowedV1BaseUrl } from "./v1-addresses";

export interface V1Connection {
  baseUrl: string;
  apiKey: string;
}

/**
 * The URL and key the studio uses to call the v1 API for a workspace. Server-only: the
 * key must never reach the browser. Callers must have checked membership already. A
 * stored address the operator no longer allows (or one saved before addresses were
 * restricted) is refused here too, so the key is never sent to it.
 */
export async function getWorkspaceV1Connection(workspaceId: string): Promise<V1Connection> {
  const db = await getDb();
  const [workspace] = await db
    .select({ v1BaseUrl: workspaces.v1BaseUrl, encrypted: workspaces.v1ApiKeyEncrypted })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!workspace) throw new AppError("not_found", "Workspace not found.");
  if (!workspace.encrypted) {
    throw new AppError("v1_unavailable", "This workspace has no API key yet. An owner or admin can add one in Settings.");
  }
  if (workspace.v1BaseUrl && !isAllowedV1BaseUrl(workspace.v1BaseUrl)) {
    throw new AppError("v1_unavailable", "This workspace's service address is not allowed on this deployment. An owner or admin can reset it in Settings.");
  }
  return { baseUrl: workspace.v1BaseUrl ?? defaultV1BaseUrl(), apiKey: decryptSecret(workspace.encrypted) };
}
