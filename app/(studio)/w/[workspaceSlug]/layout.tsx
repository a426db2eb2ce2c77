import { AppShell } from "@/components/shell/app-shell";
import { requireUser } from "@/server/auth/session";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";

/** Resolves the workspace from the URL (members only; others get 404) and frames the page. */
export default async function WorkspaceLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ workspaceSlug: string }>;
}) {
  const { workspaceSlug } = await params;
  const user = await requireUser(`/w/${workspaceSlug}/projects`);
  const api = await serverApi();
  const [workspace, workspaces] = await Promise.all([orNotFound(api.workspaces.bySlug({ slug: workspaceSlug })), api.workspaces.list()]);
  return (
    <AppShell workspace={workspace} workspaces={workspaces} user={user}>
      {children}
    </AppShell>
  );
}
