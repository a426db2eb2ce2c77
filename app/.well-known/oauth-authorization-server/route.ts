import { serveAuthorizationServer } from "@/server/oauth/serve-authorization-server";

export const runtime = "nodejs";

/** Authorization Server Metadata (RFC 8414), as the authorization server publishes it. */
export const GET = serveAuthorizationServer;
export const OPTIONS = serveAuthorizationServer;
