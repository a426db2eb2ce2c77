import { ScrollText, ShieldAlert } from "lucide-react";
import type { Metadata } from "next";
import { AuditEventList } from "@/components/audit/audit-event-list";
import { AuditExportButton } from "@/components/audit/audit-export-button";
import { ButtonLink } from "@/components/ui/button";
import { Panel } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";
import { allows, holdersOf } from "@/shared/roles";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditLogPage({
  params,
  searchParams,
}: {
  params: Promise<{ workspaceSlug: string }>;
  searchParams: Promise<{ before?: string | string[] }>;
}) {
  const { workspaceSlug } = await params;
  const api = await serverApi();
  const workspace = await orNotFound(api.workspaces.bySlug({ slug: workspaceSlug }));
  if (!allows(workspace, "read_audit_log")) {
    return (
      <EmptyState
        icon={ShieldAlert}
        title={`Only ${holdersOf("read_audit_log")} read the audit log`}
        description="Ask one of them in this workspace."
      />
    );
  }
  const wanted = Number((await searchParams).before);
  const before = Number.isSafeInteger(wanted) && wanted > 0 ? wanted : undefined;
  const page = await api.audit.list({ workspaceId: workspace.id, before });
  const base = `/w/${workspaceSlug}/settings/audit`;
  return (
    <Panel
      title="Audit log"
      description="Who changed members, invitations, billing, keys and listing pages, when, and from which address. Nobody can edit or delete it."
      actions={<AuditExportButton />}
    >
      {page.events.length === 0 ? (
        <EmptyState
          icon={ScrollText}
          title={before ? "No older events" : "Nothing recorded yet"}
          description="Events appear here as people manage the workspace."
        />
      ) : (
        <AuditEventList events={page.events} />
      )}
      <nav aria-label="Audit log pages" className="mt-4 flex flex-wrap gap-2">
        {before ? (
          <ButtonLink href={base} variant="ghost" size="sm">
            Newest events
          </ButtonLink>
        ) : null}
        {page.nextBefore ? (
          <ButtonLink href={`${base}?before=${page.nextBefore}`} variant="secondary" size="sm">
            Older events
          </ButtonLink>
        ) : null}
      </nav>
    </Panel>
  );
}
