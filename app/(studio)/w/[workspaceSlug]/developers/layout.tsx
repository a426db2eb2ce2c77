import { BookOpen } from "lucide-react";
import { notFound } from "next/navigation";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { LinkTabs } from "@/components/ui/tabs";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";
import { allows } from "@/shared/roles";

/** The Developers section (D16): for members who hold manage_developers; to others it does not exist. */
export default async function DevelopersLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ workspaceSlug: string }>;
}) {
  const { workspaceSlug } = await params;
  const workspace = await orNotFound((await serverApi()).workspaces.bySlug({ slug: workspaceSlug }));
  if (!allows(workspace, "manage_developers")) notFound();
  const base = `/w/${workspaceSlug}/developers`;
  return (
    <>
      <PageHeader
        title="Developers"
        description={`Connect your website, CRM or listing tool to ${workspace.name}'s image API account.`}
        actions={
          <ButtonLink href="/docs#quickstart" variant="secondary">
            <BookOpen className="size-4" aria-hidden="true" />
            Quickstart
          </ButtonLink>
        }
      />
      <LinkTabs
        label="Developers sections"
        tabs={[
          { href: base, label: "API keys" },
          { href: `${base}/requests`, label: "Request log" },
          { href: `${base}/webhooks`, label: "Webhooks" },
          { href: `${base}/connected-apps`, label: "Connected apps" },
        ]}
      />
      <div className="mt-6 space-y-6">{children}</div>
    </>
  );
}
