import { serveProtectedResourceMetadata } from "@/server/oauth/protected-resource-metadata";

/** 30 s gives the sign-in's routes a function of their own (docs/deploy.md, "Vercel bundles functions"): the authorization server's packages stay out of the lean routes' 40 MB bundle. */
export const maxDuration = 30;

/** The MCP server's Protected Resource Metadata (RFC 9728). */
export const GET = serveProtectedResourceMetadata;
export const OPTIONS = serveProtectedResourceMetadata;
