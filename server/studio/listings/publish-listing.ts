/**
 * Publishing the listing page: the draft the person reviewed becomes the next version
 * (1, 2, 3…), which the public page, the remark and the zip then show, all at once. The
 * first publish also makes the page's link; later ones keep it. Refused when the draft
 * changed since it was reviewed (a teammate's edit would go out unseen), when a pick may
 * not be published yet (publish-blockers.ts), and when the page already shows the draft.
 * Once per request id. Who may publish is the role table's `publish_listing`, checked by
 * the procedure. The audit log records the version.
 */
import "server-only";
import { and, eq, max } from "drizzle-orm";
import { projects } from "@/db/schema/studio";
import { listingVersions } from "@/db/schema/studio-listing-page";
import { AppError } from "@/server/errors";
import { listingChanges, NOTHING_PUBLISHED } from "@/shared/listing-changes";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { createShareLink } from "../exports/create-share-link";
import { showShareLink } from "../exports/show-share-link";
import { loadDraft, loadVersionEntries, sideOf } from "./load-listing";
import { publishBlockers } from "./publish-blockers";
import { insertVersionItems, liveVersion } from "./published-listing";

export interface PublishListingInput {
  workspaceId: string;
  projectId: string;
  userId: string;
  /** The draft's fingerprint as the person reviewed it (listings.show). */
  reviewed: string;
  requestId?: string;
  ip?: string;
}

export async function publishListing(ctx: Pick<StudioContext, "db" | "now">, input: PublishListingInput) {
  const scope = { workspaceId: input.workspaceId, projectId: input.projectId };
  const version = await ctx.db.transaction(async (tx) => {
    // One publish of a project at a time: the next number and the draft are read under this lock.
    const [project] = await tx
      .select({ address: projects.address })
      .from(projects)
      .where(and(eq(projects.id, input.projectId), eq(projects.workspaceId, input.workspaceId)))
      .for("update");
    if (!project) throw new AppError("not_found", "Project not found.");
    if (input.requestId) {
      const [repeat] = await tx
        .select()
        .from(listingVersions)
        .where(and(eq(listingVersions.projectId, input.projectId), eq(listingVersions.requestId, input.requestId)));
      if (repeat) return repeat;
    }
    const draft = await loadDraft({ db: tx }, scope);
    if (draft.fingerprint !== input.reviewed) {
      throw new AppError("conflict", "The listing's draft changed since you reviewed it. Look at the changes again, then publish.");
    }
    const blocked = draft.entries.flatMap((entry) => publishBlockers(entry).map((reason) => `${entry.name}: ${reason}`));
    if (blocked.length) throw new AppError("conflict", `Not published: ${blocked.join(" ")}`);
    const live = await liveVersion({ db: tx }, scope);
    const shown = live ? sideOf(await loadVersionEntries({ db: tx }, live.id), live.description) : NOTHING_PUBLISHED;
    if (live && listingChanges(shown, sideOf(draft.entries, draft.description)).count === 0) {
      throw new AppError("conflict", `Nothing to publish: the page already shows this draft as version ${live.number}.`);
    }
    const [{ last }] = await tx
      .select({ last: max(listingVersions.number) })
      .from(listingVersions)
      .where(eq(listingVersions.projectId, input.projectId));
    const [made] = await tx
      .insert(listingVersions)
      .values({
        ...scope,
        number: (last ?? 0) + 1,
        description: draft.description,
        publishedBy: input.userId,
        publishedAt: ctx.now(),
        requestId: input.requestId ?? null,
      })
      .returning();
    await insertVersionItems({ db: tx }, made.id, draft.entries);
    if (!live) await createShareLink(tx, { ...scope, userId: input.userId, now: ctx.now() });
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actorUserId: input.userId,
      action: "listing_published",
      target: project.address,
      detail: { version: made.number, results: draft.entries.length, ...(live ? {} : { new_link: true }) },
      ip: input.ip,
    });
    return made;
  });
  const link = await showShareLink(ctx, scope);
  return { version: { number: version.number, publishedAt: version.publishedAt }, path: link?.path ?? null };
}
