import type { AuditEventRow } from "@/server/studio/audit/list-audit-events";
import { AUDIT_ACTION_LABELS, isAuditAction } from "@/shared/audit-actions";
import { formatAuditDetail } from "@/shared/audit-detail";

function when(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The audit log's events, newest first: what happened, to what, by whom, when and from where. */
export function AuditEventList({ events }: { events: AuditEventRow[] }) {
  return (
    <ol className="divide-y divide-stone-200" aria-label="Audit events">
      {events.map((event) => {
        const detail = formatAuditDetail(event.detail);
        return (
          <li
            key={event.id}
            className="grid gap-1 py-3 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4"
            data-testid="audit-event"
            data-action={event.action}
          >
            <time dateTime={event.at.toISOString()} className="text-stone-600 tabular-nums">
              {when(event.at)}
            </time>
            <div className="min-w-0">
              <p className="wrap-anywhere text-stone-900">
                <span className="font-medium">{isAuditAction(event.action) ? AUDIT_ACTION_LABELS[event.action] : event.action}</span>
                {event.target ? <span className="text-stone-700">: {event.target}</span> : null}
              </p>
              <p className="wrap-anywhere text-stone-600">
                by {event.actorName ? `${event.actorName} (${event.actorEmail})` : (event.actorEmail ?? "the system")}
                {event.ip ? ` from ${event.ip}` : null}
                {detail ? ` · ${detail}` : null}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
