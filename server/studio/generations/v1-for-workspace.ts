import { createV1Client, type V1Client } from "@/server/v1/client/create-v1-client";
import { getWorkspaceV1Connection } from "../workspaces/get-v1-connection";
import { v1Fetch } from "../workspaces/v1-fetch";

/**
 * The typed v1 client with the workspace's server-held key, over the guarded fetcher.
 * Callers must have checked membership.
 */
export async function v1ForWorkspace(workspaceId: string): Promise<V1Client> {
  return createV1Client({ ...(await getWorkspaceV1Connection(workspaceId)), fetch: v1Fetch });
}
