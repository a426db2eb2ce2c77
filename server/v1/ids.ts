import "server-only";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Ids from paths and bodies are checked before they reach a uuid column, so junk reads as not found. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
