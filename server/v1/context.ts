/**
 * The v1 service verbs' context is the common verb context (server/context.ts) as it is:
 * the service needs nothing more. The names stay so the service's verbs read as before.
 */
import "server-only";
import { createVerbContext, type VerbContext } from "@/server/context";

export type ServiceContext = VerbContext;

export const createServiceContext = createVerbContext;
