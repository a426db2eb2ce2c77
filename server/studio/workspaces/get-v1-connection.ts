import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { workspaces } from "@/db/schema/studio";
import { env } from "@/env";
import { decryptSecret } from "@/server/crypto/secret-box";
import { AppError } from "@/server/errors";
import { defaultV1BaseUrl } from "./default-v1-base-url";

export interface V1Connection {
  baseUrl: string;
  apiKey: string;
}

/**
 * The URL and key the studio uses to call the v1 API for a workspace. Server-only: the
 * key must never reach the browser. Callers must have checked membership already.
 */
export async function getWorkspaceV1Connection(workspaceId: string): Promise<V1Connection> {
  const db = await getDb();
  const [workspace] = await db
    .select({ v1BaseUrl: workspaces.v1BaseUrl, encrypted: workspaces.v1ApiKeyEncrypted })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!workspace) throw new AppError("not_found", "Workspace not found.");
  const apiKey = workspace.encrypted ? decryptSecret(workspace.encrypted) : env.V1_API_KEY;
  if (!apiKey) {
    throw new AppError("v1_unavailable", "This workspace has no API key yet. An owner or admin can add one in Settings.");
  }
  return { baseUrl: workspace.v1BaseUrl ?? defaultV1BaseUrl(), apiKey };
}
