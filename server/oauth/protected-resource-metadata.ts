/**
 * The MCP server's Protected Resource Metadata (RFC 9728), at
 * /.well-known/oauth-protected-resource/api/mcp (the path-suffixed form the MCP
 * authorization spec asks for) and at the bare form for clients that look there: where to
 * sign in (this app's authorization server) and the scopes a person can grant.
 */
import "server-only";
import { buildOAuthProtectedResourceMetadata } from "@modelcontextprotocol/server";
import { KEY_SCOPES } from "@/shared/vocabulary";
import { mcpResourceUrl, oauthIssuer } from "./urls";

export function serveProtectedResourceMetadata(request: Request): Response {
  const cors = { "Access-Control-Allow-Origin": "*" };
  if (request.method === "OPTIONS")
    return new Response(null, { status: 204, headers: { ...cors, "Access-Control-Allow-Methods": "GET, OPTIONS" } });
  const metadata = buildOAuthProtectedResourceMetadata({
    oauthMetadata: { issuer: oauthIssuer(), authorization_endpoint: "", token_endpoint: "", response_types_supported: ["code"] },
    resourceServerUrl: new URL(mcpResourceUrl()),
    scopesSupported: [...KEY_SCOPES],
    resourceName: "Atrium",
    serviceDocumentationUrl: new URL("/docs#ai-assistants", oauthIssuer()),
  });
  return Response.json(
    { ...metadata, bearer_methods_supported: ["header"] },
    { headers: { ...cors, "Cache-Control": "public, max-age=300" } },
  );
}
