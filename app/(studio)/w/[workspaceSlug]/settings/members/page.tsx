import { ShieldAlert } from "lucide-react";
import type { Metadata } from "next";
import { InvitePanel } from "@/components/members/invite-panel";
import { MembersTable } from "@/components/members/members-table";
import { Panel } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireUser } from "@/server/auth/session";
import { allows, holdersOf, ROLE_SUMMARY } from "@/shared/roles";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage({ params }: { params: Promise<{ workspaceSlug: string }> }) {
  const { workspaceSlug } = await params;
  const user = await requireUser(`/w/${workspaceSlug}/settings/members`);
  const api = await serverApi();
  const workspace = await orNotFound(api.workspaces.bySlug({ slug: workspaceSlug }));
  if (!allows(workspace, "manage_members")) {
    return (
      <EmptyState
        icon={ShieldAlert}
        title={`Only ${holdersOf("manage_members")} manage members`}
        description="Ask one of them in this workspace if you need to invite someone."
      />
    );
  }
  const [members, invitations] = await Promise.all([
    api.members.list({ workspaceId: workspace.id }),
    api.invitations.list({ workspaceId: workspace.id }),
  ]);
  return (
    <>
      <Panel title="Invite teammates" description={ROLE_SUMMARY}>
        <InvitePanel invitations={invitations} />
      </Panel>
      <Panel title="Members" description={`${members.length} ${members.length === 1 ? "person" : "people"} in ${workspace.name}.`}>
        <MembersTable members={members} currentUserId={user.id} />
      </Panel>
    </>
  );
}
