import "server-only";

/**
 * zod-to-openapi 9 renders `Registered.nullable()` (a schema with a zod 4 `.meta({id})`)
 * as `allOf: [{$ref}, {type: [T, "null"]}]`, which no null satisfies since the $ref
 * does not allow null. JSON Schema 2020-12 says "this or null" as
 * `anyOf: [{$ref}, {type: "null"}]`; this rewrites the former into the latter.
 */
type Json = unknown;

function isNullableRefAllOf(node: Record<string, Json>): node is { allOf: [{ $ref: string }, { type: string[] }] } {
  const allOf = node.allOf;
  if (!Array.isArray(allOf) || allOf.length !== 2 || Object.keys(node).length !== 1) return false;
  const [reference, nullable] = allOf as Record<string, Json>[];
  return (
    typeof reference?.$ref === "string" &&
    Object.keys(nullable ?? {}).length === 1 &&
    Array.isArray(nullable.type) &&
    nullable.type.includes("null")
  );
}

function rewrite(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewrite);
  if (node === null || typeof node !== "object") return node;
  const record = node as Record<string, Json>;
  if (isNullableRefAllOf(record)) return { anyOf: [record.allOf[0], { type: "null" }] };
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, rewrite(value)]));
}

export function fixNullableRefs<T>(document: T): T {
  return rewrite(document) as T;
}
