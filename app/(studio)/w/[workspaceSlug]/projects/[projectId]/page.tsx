import { ChevronLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PhotoGrid } from "@/components/photos/photo-grid";
import { PhotoUploader } from "@/components/photos/photo-uploader";
import { ArchiveProjectButton } from "@/components/projects/archive-project-button";
import { formatPrice, formatRooms, LISTING_STATUS_LABELS, LISTING_TYPE_LABELS, STATUS_TONES } from "@/components/projects/format";
import { EditProjectButton } from "@/components/projects/project-dialog";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { WorkflowStudio } from "@/components/workflows/workflow-studio";
import { env } from "@/env";
import { allows } from "@/shared/roles";
import { PROPERTY_TYPE_LABELS } from "@/shared/vocabulary";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";

type Params = Promise<{ workspaceSlug: string; projectId: string }>;

async function load(params: Params) {
  const { workspaceSlug, projectId } = await params;
  return loadProject(workspaceSlug, projectId);
}

/**
 * Once per request: the metadata and the page both need the project. The project and its
 * photos are read side by side: each sequential read is a database round trip more
 * between "Create project" and the new page.
 */
const loadProject = cache(async (workspaceSlug: string, projectId: string) => {
  const api = await serverApi();
  const workspace = await orNotFound(api.workspaces.bySlug({ slug: workspaceSlug }));
  // A malformed id in the URL is a missing page, not a validation error.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(projectId)) notFound();
  const where = { workspaceId: workspace.id, projectId };
  const [project, photos] = await Promise.all([orNotFound(api.projects.get(where)), orNotFound(api.photos.list(where))]);
  return { api, workspace, project, photos, workspaceSlug };
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { project } = await load(params);
  return { title: project.address };
}

export default async function ProjectPage({ params }: { params: Params }) {
  const { workspace, project, photos, workspaceSlug } = await load(params);
  const facts = [
    PROPERTY_TYPE_LABELS[project.propertyType],
    LISTING_TYPE_LABELS[project.listingType],
    formatRooms(project.bedrooms, project.bathrooms),
    formatPrice(project.price, project.listingType),
  ].filter(Boolean);
  const { id: _id, workspaceId: _w, coverPhotoId: _c, createdBy: _b, archivedAt, createdAt: _t, updatedAt: _u, ...fields } = project;

  return (
    <>
      <Link
        href={`/w/${workspaceSlug}/projects`}
        className="mb-4 inline-flex items-center gap-1 text-sm text-stone-600 hover:text-stone-900"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        Projects
      </Link>
      <PageHeader
        title={project.address}
        eyebrow={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={STATUS_TONES[project.listingStatus]}>{LISTING_STATUS_LABELS[project.listingStatus]}</Badge>
            {archivedAt ? <Badge tone="warning">Archived</Badge> : null}
          </span>
        }
        description={facts.join(" · ")}
        actions={
          <>
            {allows(workspace, "archive_projects") ? <ArchiveProjectButton projectId={project.id} archived={Boolean(archivedAt)} /> : null}
            <EditProjectButton projectId={project.id} fields={fields} />
          </>
        }
      />
      {project.notes ? (
        <Card className="mb-6 px-5 py-4">
          <h2 className="text-sm font-semibold text-stone-900">Notes</h2>
          <p className="mt-1 whitespace-pre-line text-sm text-stone-700">{project.notes}</p>
        </Card>
      ) : null}
      <section aria-labelledby="photos-heading" className="space-y-4">
        <div className="flex items-baseline justify-between">
          <h2 id="photos-heading" className="text-lg font-semibold">
            Photos
          </h2>
          <span className="text-sm text-stone-600">{photos.length} uploaded</span>
        </div>
        <PhotoUploader projectId={project.id} />
        <PhotoGrid photos={photos} />
      </section>
      <div className="mt-10">
        <WorkflowStudio
          projectId={project.id}
          photos={photos}
          stagingProvider={env.PROVIDER_REDESIGN}
          describeProvider={env.PROVIDER_DESCRIBE}
          facts={{
            address: project.address,
            propertyType: project.propertyType,
            listingStatus: project.listingStatus,
            listingType: project.listingType,
            price: project.price,
            bedrooms: project.bedrooms,
            bathrooms: project.bathrooms,
          }}
        />
      </div>
    </>
  );
}
