import { Archive, Home } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { NewProjectButton } from "@/components/projects/project-dialog";
import { ProjectCard } from "@/components/projects/project-card";
import { cx } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";

export const metadata: Metadata = { title: "Projects" };

export default async function ProjectsPage({
  params,
  searchParams,
}: {
  params: Promise<{ workspaceSlug: string }>;
  searchParams: Promise<{ view?: string }>;
}) {
  const { workspaceSlug } = await params;
  const archived = (await searchParams).view === "archived";
  const api = await serverApi();
  const workspace = await orNotFound(api.workspaces.bySlug({ slug: workspaceSlug }));
  const projects = await api.projects.list({ workspaceId: workspace.id, archived });
  const base = `/w/${workspaceSlug}/projects`;

  return (
    <>
      <PageHeader
        title="Projects"
        description="One project per property: its photos, staging, renders and listing copy."
        actions={<NewProjectButton />}
      />
      <nav aria-label="Project views" className="mb-6 flex gap-2">
        {[
          { href: base, label: "Active", current: !archived },
          { href: `${base}?view=archived`, label: "Archived", current: archived },
        ].map((tab) => (
          <Link
            key={tab.label}
            href={tab.href}
            aria-current={tab.current ? "page" : undefined}
            className={cx(
              "rounded-full px-3 py-1.5 text-sm font-medium",
              tab.current ? "bg-stone-900 text-white" : "text-stone-700 ring-1 ring-inset ring-stone-300 hover:bg-white",
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {projects.length === 0 ? (
        archived ? (
          <EmptyState icon={Archive} title="No archived projects" description="Projects you archive are kept here." />
        ) : (
          <EmptyState
            icon={Home}
            title="No projects yet"
            description="Create a project for a property, then upload its photos to stage rooms, render views and write the listing."
            action={<NewProjectButton />}
          />
        )
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {projects.map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} href={`${base}/${project.id}`} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
