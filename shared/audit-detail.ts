import type { AuditDetail } from "./audit-actions";

/**
 * An event's detail as people read it, on the log page and in its CSV: "from: agent; to:
 * admin". Keys in alphabetical order: the column (jsonb) keeps no order of its own.
 */
export function formatAuditDetail(detail: AuditDetail): string {
  return Object.keys(detail)
    .sort()
    .map((key) => `${key.replace(/_/g, " ")}: ${detail[key] ?? "none"}`)
    .join("; ");
}
