import { serveAuthorizationServer } from "@/server/oauth/serve-authorization-server";

export const runtime = "nodejs";
/** 30 s gives the sign-in's routes a function of their own (docs/deploy.md, "Vercel bundles functions"): the authorization server's packages stay out of the lean routes' 40 MB bundle. */
export const maxDuration = 30;

/** The authorization server's endpoints (server/oauth/urls.ts OAUTH_ROUTES): authorize, token, register, revoke, jwks. */
export const GET = serveAuthorizationServer;
export const POST = serveAuthorizationServer;
export const OPTIONS = serveAuthorizationServer;
