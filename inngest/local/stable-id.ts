import crypto from "node:crypto";

/**
 * A UUID derived from its parts. Queue jobs get ids from the state they act on, so
 * sending the same job twice (a retry after a crash between commit and send) inserts
 * nothing: pg-boss ignores a conflicting id.
 */
export function stableId(...parts: Array<string | number>): string {
  const hex = crypto.createHash("sha1").update(parts.join("\u0000")).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
