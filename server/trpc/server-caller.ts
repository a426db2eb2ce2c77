import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getSession } from "@/server/auth/session";
import { createTRPCContext } from "./init";
import { createCaller } from "./root";
import { trpcErrorCode } from "./trpc-error-code";

/**
 * The tRPC caller for server components: `const api = await serverApi();
 * await api.projects.list({ workspaceId })`. Same procedures, same role checks, no HTTP.
 */
export const serverApi = cache(async () => createCaller(await createTRPCContext({ session: await getSession() })));

/** Awaits a server-caller result, turning NOT_FOUND into Next's 404 page. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (trpcErrorCode(error) === "NOT_FOUND") notFound();
    throw error;
  }
}
