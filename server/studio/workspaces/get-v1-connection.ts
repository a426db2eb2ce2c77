import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { workspaces } from "@/db/schema/studio";
import { decryptSecret } from "@/server/crypto/secret-box";
import { AppError } from "@/server/errors";
import { defaultV1BaseUrl } from "./default-v1-base-url";

export interface V1Connection {
  baseUrl: string;
  apiKey: string;
}

/**
 * The URL and key the studio uses to call the v1 API for a workspace: the deployment's
 * v1 address (the operator's V1_BASE_URL, else this app) and the key provisioned for the
 * workspace's own account. Neither is ever chosen by a member. Server-only: the key must
 * never reach the browser. Callers must have checked membership already.
 */
export async function getWorkspaceV1Connection(workspaceId: string): Promise<V1Connection> {
  const db = await getDb();
  const [workspace] = await db.select({ encrypted: workspaces.v1ApiKeyEncrypted }).from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!workspace) throw new AppError("not_found", "Workspace not found.");
  if (!workspace.encrypted)
    throw new AppError("v1_unavailable", "This workspace has no image-service key. Ask the operator of this deployment.");
  return { baseUrl: defaultV1BaseUrl(), apiKey: decryptSecret(workspace.encrypted) };
}
