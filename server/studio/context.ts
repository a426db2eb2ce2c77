/**
 * What every studio verb depends on: the common verb context (server/context.ts), so
 * tests run studio verbs against the real database without a web server.
 */
import { createVerbContext, type VerbContext } from "@/server/context";

export type StudioContext = VerbContext;

export const createStudioContext = createVerbContext;
