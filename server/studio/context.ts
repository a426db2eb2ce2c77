/**
 * What every studio verb depends on: the common verb context (server/context.ts) plus
 * the gateway to the v1 service, so tests run studio verbs against the real database
 * without a web server and can inject a gateway.
 */
import "server-only";
import { createVerbContext, type VerbContext } from "@/server/context";
import { v1Gateway, type V1Gateway } from "./v1-gateway";

export interface StudioContext extends VerbContext {
  v1: V1Gateway;
}

export async function createStudioContext(overrides: Partial<StudioContext> = {}): Promise<StudioContext> {
  // Object.assign rather than a spread: a spread would make storage, providers and events at once.
  return Object.assign(await createVerbContext(overrides), { v1: overrides.v1 ?? v1Gateway });
}
