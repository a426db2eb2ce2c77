import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { photos, projects } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import { photoUrl } from "../photos/photo-url";

/** Projects of a workspace, newest first, with photo counts and a cover image URL. */
export async function listProjects(ctx: StudioContext, input: { workspaceId: string; archived?: boolean }) {
  const photoCount = sql<number>`(select count(*)::int from ${photos} where ${photos.projectId} = ${projects.id})`;
  const coverKey = sql<string | null>`coalesce(
    (select ${photos.storageKey} from ${photos} where ${photos.id} = ${projects.coverPhotoId}),
    (select ${photos.storageKey} from ${photos} where ${photos.projectId} = ${projects.id} order by ${photos.createdAt} limit 1))`;
  const rows = await ctx.db
    .select({
      id: projects.id,
      address: projects.address,
      propertyType: projects.propertyType,
      listingStatus: projects.listingStatus,
      listingType: projects.listingType,
      price: projects.price,
      bedrooms: projects.bedrooms,
      bathrooms: projects.bathrooms,
      archivedAt: projects.archivedAt,
      updatedAt: projects.updatedAt,
      photoCount,
      coverKey,
    })
    .from(projects)
    .where(and(eq(projects.workspaceId, input.workspaceId), input.archived ? isNotNull(projects.archivedAt) : isNull(projects.archivedAt)))
    .orderBy(desc(projects.updatedAt));
  return Promise.all(
    rows.map(async ({ coverKey: key, ...row }) => ({ ...row, coverUrl: key ? await photoUrl(ctx, key) : null })),
  );
}
