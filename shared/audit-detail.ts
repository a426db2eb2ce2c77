import type { AuditDetail } from "./audit-actions";

/** An event's detail as people read it, on the log page and in its CSV: "role: admin; from: agent". */
export function formatAuditDetail(detail: AuditDetail): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key.replace(/_/g, " ")}: ${value ?? "none"}`)
    .join("; ");
}
