import "server-only";
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { photos, projects } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import { photoUrl } from "../photos/photo-url";

/**
 * Projects of a workspace, most recently changed first, with their photo count and a
 * cover image (the chosen cover, else the first photo uploaded).
 */
export async function listProjects(ctx: StudioContext, input: { workspaceId: string; archived?: boolean }) {
  const stats = ctx.db
    .select({
      projectId: photos.projectId,
      count: sql<number>`count(*)::int`.as("photo_count"),
      firstKey: sql<string>`(array_agg(${photos.storageKey} order by ${photos.createdAt}))[1]`.as("first_key"),
    })
    .from(photos)
    .where(and(eq(photos.workspaceId, input.workspaceId), isNull(photos.deletedAt)))
    .groupBy(photos.projectId)
    .as("photo_stats");
  const cover = alias(photos, "cover");
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
      photoCount: sql<number>`coalesce(${stats.count}, 0)`,
      coverKey: sql<string | null>`coalesce(${cover.storageKey}, ${stats.firstKey})`,
    })
    .from(projects)
    .leftJoin(stats, eq(stats.projectId, projects.id))
    .leftJoin(cover, and(eq(cover.id, projects.coverPhotoId), isNull(cover.deletedAt)))
    .where(and(eq(projects.workspaceId, input.workspaceId), input.archived ? isNotNull(projects.archivedAt) : isNull(projects.archivedAt)))
    .orderBy(desc(projects.updatedAt));
  return Promise.all(rows.map(async ({ coverKey: key, ...row }) => ({ ...row, coverUrl: key ? await photoUrl(ctx, key) : null })));
}
