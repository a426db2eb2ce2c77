/**
 * Which generations and outputs of a project the pages read. An output "kept" has an
 * image: the storage key is set only once an output is finished, and a view being
 * redone keeps its last passed image. The share page shows them; the listing remarks
 * count the completed ones.
 */
import "server-only";
import { and, eq, inArray, isNotNull, type SQL } from "drizzle-orm";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import type { OutputRole } from "@/shared/vocabulary";
import type { StudioContext } from "../context";

/** The condition on `generations` for one project of one workspace. */
export function inProject(project: { workspaceId: string; projectId: string }): SQL | undefined {
  return and(eq(generations.workspaceId, project.workspaceId), eq(generations.projectId, project.projectId));
}

/** The project's kept outputs in the given roles, each with its generation's kind and params; callers add conditions and order. */
export function keptOutputs(
  ctx: Pick<StudioContext, "db">,
  project: { workspaceId: string; projectId: string },
  roles: readonly OutputRole[],
  ...more: SQL[]
) {
  return ctx.db
    .select({ output: generationOutputs, kind: generations.kind, params: generations.params })
    .from(generationOutputs)
    .innerJoin(generations, eq(generations.id, generationOutputs.generationId))
    .where(and(inProject(project), isNotNull(generationOutputs.storageKey), inArray(generationOutputs.role, [...roles]), ...more));
}
