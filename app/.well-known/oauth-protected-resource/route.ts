import { serveProtectedResourceMetadata } from "@/server/oauth/protected-resource-metadata";

/** The MCP server's Protected Resource Metadata (RFC 9728). */
export const GET = serveProtectedResourceMetadata;
export const OPTIONS = serveProtectedResourceMetadata;
