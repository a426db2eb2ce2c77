/**
 * The JSON Schema of each route's request body, taken from the OpenAPI document with
 * every `$ref` resolved, so it stands alone: what the SDK's MCP tools take as their
 * inputs (scripts/generate-sdk.ts writes it into the SDK), and what a test compares
 * each tool's input with.
 */
import "server-only";
import type { OpenAPIObject } from "openapi3-ts/oas31";

type Json = Record<string, unknown>;

function resolved(node: unknown, document: OpenAPIObject): unknown {
  if (Array.isArray(node)) return node.map((item) => resolved(item, document));
  if (!node || typeof node !== "object") return node;
  const { $ref, ...rest } = node as Json;
  if (typeof $ref === "string") {
    const target = $ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((at, part) => (at as Json)[part.replace(/~1/g, "/").replace(/~0/g, "~")], document);
    return resolved({ ...(target as Json), ...rest }, document);
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, resolved(value, document)]));
}

/** operationId → the JSON Schema of its `application/json` request body, for every operation that takes one. */
export function requestBodySchemas(document: OpenAPIObject): Record<string, Json> {
  const schemas: Record<string, Json> = {};
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(
      item as Record<string, { operationId?: string; requestBody?: { content: Record<string, { schema: unknown }> } }>,
    )) {
      const schema = operation.requestBody?.content["application/json"]?.schema;
      if (operation.operationId && schema) schemas[operation.operationId] = resolved(schema, document) as Json;
    }
  }
  return schemas;
}
