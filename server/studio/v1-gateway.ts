/**
 * How studio verbs reach the v1 service (ctx.v1): the SDK customers use (@atrium/sdk),
 * with the workspace's server-held key, over the guarded fetcher. Callers must have
 * checked membership. Tests may pass their own gateway to createStudioContext
 * (v1GatewayOver a double).
 */
import "server-only";
import { createAtriumClient, type AtriumClient } from "@atrium/sdk";
import { studioErrorFromV1 } from "./generations/v1-failure";
import { getWorkspaceV1Connection } from "./workspaces/get-v1-connection";
import { v1Fetch } from "./workspaces/v1-fetch";

export interface V1Gateway {
  /** For verbs that answer the person at once: every failure arrives as the studio's AppError, in plain words (studioErrorFromV1). */
  forWorkspace(workspaceId: string): Promise<AtriumClient>;
  /**
   * The same client with failures left as AtriumApiError, for callers that decide from the
   * service's own code or envelope: the pollers and durable steps retry a transient
   * failure (isTransientV1Failure), record what a failed call charged from its envelope
   * and keep the service's code on the generation (generationError), which an AppError
   * would have folded into v1_unavailable.
   */
  rawForWorkspace(workspaceId: string): Promise<AtriumClient>;
}

/** Every method of the client (all of them return promises), rethrowing an AtriumApiError as the studio's error; the client's types stay. */
function mappingFailures(client: AtriumClient): AtriumClient {
  const members = Object.entries(client as Record<string, unknown>).map(([name, member]) => [
    name,
    typeof member !== "function"
      ? member
      : async (...args: unknown[]) => {
          try {
            return await member(...args);
          } catch (error) {
            throw studioErrorFromV1(error);
          }
        },
  ]);
  return Object.fromEntries(members) as AtriumClient;
}

/** The gateway over a source of raw clients: the deployment's below; tests pass a double of the client (test/doubles/v1-client.ts). */
export function v1GatewayOver(rawForWorkspace: (workspaceId: string) => Promise<AtriumClient>): V1Gateway {
  return {
    forWorkspace: async (workspaceId) => mappingFailures(await rawForWorkspace(workspaceId)),
    rawForWorkspace,
  };
}

/**
 * Retries of the SDK (never charged twice: generations carry the studio's Idempotency-Key),
 * but a person is waiting: a rate limit asking for more than a few seconds is answered at
 * once, and a repeat of an action still in flight (409 idempotency_conflict) too, since
 * startOnce then waits for the first action's own record (generations/start-once.ts).
 */
const STUDIO_RETRY = { maxRetries: 2, maxDelayMs: 5_000, inFlightWaitMs: 0 };

/** The only place the studio makes a v1 client (eslint.config.mjs forbids createAtriumClient elsewhere). */
export const v1Gateway = v1GatewayOver(async (workspaceId) =>
  createAtriumClient({ ...(await getWorkspaceV1Connection(workspaceId)), fetch: v1Fetch, retry: STUDIO_RETRY }),
);
