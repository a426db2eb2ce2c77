import { serveAuthorizationServer } from "@/server/oauth/serve-authorization-server";

export const runtime = "nodejs";

/** The authorization server's endpoints (server/oauth/urls.ts OAUTH_ROUTES): authorize, token, register, revoke, jwks. */
export const GET = serveAuthorizationServer;
export const POST = serveAuthorizationServer;
export const OPTIONS = serveAuthorizationServer;
