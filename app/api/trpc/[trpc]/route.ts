import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { clientIp } from "@/server/auth/client-ip";
import { getSession } from "@/server/auth/session";
import { refuseCrossSiteWrite } from "@/server/http/same-origin-mutation";
import { createTRPCContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";

export const runtime = "nodejs";

function handler(req: Request) {
  const refused = refuseCrossSiteWrite(req);
  if (refused) return refused;
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: async () =>
      createTRPCContext({ session: await getSession(), origin: new URL(req.url).origin, ip: clientIp(req.headers) }),
  });
}

export { handler as GET, handler as POST };
