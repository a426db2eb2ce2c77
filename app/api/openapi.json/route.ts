import type { OpenAPIObject } from "openapi3-ts/oas31";
import { buildOpenApiDocument } from "@/server/v1/openapi/document";

export const runtime = "nodejs";

// Built once per process: the document only changes with a deploy.
let cached: OpenAPIObject | undefined;

export function GET(): Response {
  cached ??= buildOpenApiDocument();
  return Response.json(cached, { headers: { "Cache-Control": "public, max-age=300" } });
}
