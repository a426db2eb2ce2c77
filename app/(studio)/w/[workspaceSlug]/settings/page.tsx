import type { Metadata } from "next";
import Link from "next/link";
import { AgentGrantsForm } from "@/components/settings/agent-grants-form";
import { DeleteWorkspaceForm } from "@/components/settings/delete-workspace-form";
import { MlsRuleSetForm } from "@/components/settings/mls-rule-set-form";
import { RenameWorkspaceForm } from "@/components/settings/rename-workspace-form";
import { V1ConnectionDetails } from "@/components/settings/v1-connection-details";
import { Panel } from "@/components/ui/card";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";
import { allows, holdersOf } from "@/shared/roles";

export const metadata: Metadata = { title: "Settings" };

export default async function GeneralSettingsPage({ params }: { params: Promise<{ workspaceSlug: string }> }) {
  const api = await serverApi();
  const workspace = await orNotFound(api.workspaces.bySlug({ slug: (await params).workspaceSlug }));
  const connection = allows(workspace, "manage_developers") ? await api.workspaces.connection({ workspaceId: workspace.id }) : null;
  return (
    <>
      <Panel title="Workspace" description="The brokerage this workspace belongs to.">
        <RenameWorkspaceForm />
      </Panel>
      <Panel
        title="MLS rules"
        description="The listing rules the studio checks each edit against before it starts, and the disclosure they ask for."
      >
        <MlsRuleSetForm />
      </Panel>
      <Panel title="Agents" description="What agents may do beyond their own work on projects, photos and listing drafts.">
        <AgentGrantsForm />
      </Panel>
      {connection ? (
        <Panel
          title="Image service"
          description="The Atrium API account that runs this workspace's staging, renders and videos, and is billed for them. It was made for this workspace; the service address is this deployment's."
        >
          <V1ConnectionDetails connection={connection} />
          <p className="mt-4 text-sm text-stone-600">
            Keys for your own website, CRM or listing tool, their request log and webhooks are in{" "}
            <Link href={`/w/${workspace.slug}/developers`} className="font-medium text-accent-700 underline">
              Developers
            </Link>
            .
          </p>
        </Panel>
      ) : null}
      {allows(workspace, "delete_workspace") ? (
        <Panel title="Delete workspace" description={`Only ${holdersOf("delete_workspace")}.`}>
          <DeleteWorkspaceForm />
        </Panel>
      ) : null}
    </>
  );
}
