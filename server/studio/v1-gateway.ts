/**
 * How studio verbs reach the v1 service (ctx.v1): the typed client with the workspace's
 * server-held key, over the guarded fetcher. Callers must have checked membership.
 * Tests may pass their own gateway to createStudioContext (v1GatewayOver a double).
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

/** The gateway over a source of raw clients: the deployment's below; tests pass a double of the client (test/doubles/v1-client.ts). */
export function v1GatewayOver(rawForWorkspace: (workspaceId: string) => Promise<V1Client>): V1Gateway {
  return {
    forWorkspace: async (workspaceId) => mappingFailures(await rawForWorkspace(workspaceId)),
    rawForWorkspace,
  };
}

/** The only place the studio makes a v1 client (eslint.config.mjs forbids createV1Client elsewhere). */
export const v1Gateway = v1GatewayOver(async (workspaceId) => createV1Client({ ...(await getWorkspaceV1Connection(workspaceId)), fetch: v1Fetch }));
