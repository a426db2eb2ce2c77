/**
 * How studio verbs reach the v1 service (ctx.v1): the typed client with the workspace's
 * server-held key, over the guarded fetcher. Callers must have checked membership.
 * Tests may pass their own gateway to createStudioContext.
 */
import "server-only";
import { createV1Client, type V1Client } from "@/server/v1/client/create-v1-client";
import { studioErrorFromV1 } from "./generations/v1-failure";
import { getWorkspaceV1Connection } from "./workspaces/get-v1-connection";
import { v1Fetch } from "./workspaces/v1-fetch";

export interface V1Gateway {
  /** For verbs that answer the person at once: every failure arrives as the studio's AppError, in plain words (studioErrorFromV1). */
  forWorkspace(workspaceId: string): Promise<V1Client>;
  /**
   * The same client with failures left as V1ApiError, for callers that decide from the
   * service's own code or envelope: the pollers and durable steps retry a transient
   * failure (isTransientV1Failure), record what a failed call charged from its envelope
   * and keep the service's code on the generation (generationError), which an AppError
   * would have folded into v1_unavailable.
   */
  rawForWorkspace(workspaceId: string): Promise<V1Client>;
}

async function rawForWorkspace(workspaceId: string): Promise<V1Client> {
  return createV1Client({ ...(await getWorkspaceV1Connection(workspaceId)), fetch: v1Fetch });
}

/** Every method of the client (all of them return promises), rethrowing a V1ApiError as the studio's error; the client's types stay. */
function mappingFailures(client: V1Client): V1Client {
  const methods = Object.entries(client as Record<string, (...args: unknown[]) => Promise<unknown>>).map(([name, method]) => [
    name,
    async (...args: unknown[]) => {
      try {
        return await method(...args);
      } catch (error) {
        throw studioErrorFromV1(error);
      }
    },
  ]);
  return Object.fromEntries(methods) as V1Client;
}

export const v1Gateway: V1Gateway = {
  forWorkspace: async (workspaceId) => mappingFailures(await rawForWorkspace(workspaceId)),
  rawForWorkspace,
};
