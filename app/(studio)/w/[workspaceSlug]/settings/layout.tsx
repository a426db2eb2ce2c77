import { LinkTabs } from "@/components/ui/tabs";
import { PageHeader } from "@/components/ui/page-header";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";
import { allows } from "@/shared/roles";

export default async function SettingsLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ workspaceSlug: string }>;
}) {
  const { workspaceSlug } = await params;
  const workspace = await orNotFound((await serverApi()).workspaces.bySlug({ slug: workspaceSlug }));
  const base = `/w/${workspaceSlug}/settings`;
  const tabs = [{ href: base, label: "General" }];
  if (allows(workspace, "manage_members")) tabs.push({ href: `${base}/members`, label: "Members" });
  if (allows(workspace, "read_audit_log")) tabs.push({ href: `${base}/audit`, label: "Audit log" });
  return (
    <>
      <PageHeader title="Settings" description={`Manage ${workspace.name}.`} />
      <LinkTabs label="Settings sections" tabs={tabs} />
      <div className="mt-6 space-y-6">{children}</div>
    </>
  );
}
