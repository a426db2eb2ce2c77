import "server-only";
import { cache } from "react";
import { getSession } from "@/server/auth/session";
import { createTRPCContext } from "./init";
import { createCaller } from "./root";

/**
 * The tRPC caller for server components: `const api = await serverApi();
 * await api.projects.list({ workspaceId })`. Same procedures, same role checks, no HTTP.
 */
export const serverApi = cache(async () => createCaller(await createTRPCContext({ session: await getSession() })));
