/**
 * The fixed addresses of the authorization server and of the MCP server it issues tokens
 * for. Both come from the deployment's own origin (APP_URL, else the Vercel production or
 * branch name, else http://localhost:$PORT: server/auth/site-url.ts), never from a
 * request's Host, so a token's audience and the issuer a client checks are one value
 * wherever the request came in.
 */
import "server-only";
import { getOAuthProtectedResourceMetadataUrl } from "@modelcontextprotocol/server";
import { env } from "@/env";
import { nextAuthOrigin } from "@/server/auth/site-url";

/** Where oidc-provider's endpoints live (app/api/oauth/[...path]); its metadata is at the origin's /.well-known/oauth-authorization-server. */
export const OAUTH_ROUTES = {
  authorization: "/api/oauth/authorize",
  token: "/api/oauth/token",
  registration: "/api/oauth/register",
  revocation: "/api/oauth/revoke",
  jwks: "/api/oauth/jwks",
} as const;

/** The issuer identifier: the deployment's origin, no path. */
export function oauthIssuer(): string {
  const origin = nextAuthOrigin();
  return new URL("url" in origin ? origin.url : `http://localhost:${env.PORT}`).origin;
}

/** The MCP server's canonical URL: the audience of every access token (RFC 8707). */
export function mcpResourceUrl(): string {
  return `${oauthIssuer()}/api/mcp`;
}

/** Its Protected Resource Metadata (RFC 9728), path-suffixed as the MCP authorization spec asks. */
export function mcpResourceMetadataUrl(): string {
  return getOAuthProtectedResourceMetadataUrl(new URL(mcpResourceUrl()));
}

/** The consent page an authorization request is sent to (the studio, signed in). */
export const consentPath = (uid: string) => `/oauth/consent/${uid}`;
