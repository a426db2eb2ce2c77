import { VerifyEmailBanner } from "@/components/auth/verify-email-banner";
import { PastDueBanner, PlanEndedBanner } from "@/components/billing/billing-banner";
import { AppShell } from "@/components/shell/app-shell";
import { requireUser } from "@/server/auth/session";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";
import { allows } from "@/shared/roles";

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
  const [workspace, workspaces, emailStatus] = await Promise.all([
    orNotFound(api.workspaces.bySlug({ slug: workspaceSlug })),
    api.workspaces.list(),
    api.auth.emailStatus(),
  ]);
  const billing = await api.billing.notice({ workspaceId: workspace.id });
  return (
    <AppShell workspace={workspace} workspaces={workspaces} user={user}>
      {emailStatus.verified ? null : (
        <VerifyEmailBanner email={emailStatus.email} starterCreditsWaiting={emailStatus.starterCreditsWaiting} />
      )}
      {billing.pastDue ? <PastDueBanner slug={workspace.slug} owner={allows(workspace, "manage_billing")} /> : null}
      {billing.planEnded ? (
        <PlanEndedBanner
          slug={workspace.slug}
          owner={allows(workspace, "manage_billing")}
          plan={billing.planEnded.plan}
          at={billing.planEnded.at}
        />
      ) : null}
      {children}
    </AppShell>
  );
}
