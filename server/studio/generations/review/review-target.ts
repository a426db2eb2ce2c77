/**
 * The result a person judges after the structure check asked for a look (D17): the
 * output, its run and its photo's name, found in the workspace, and how the audit log
 * names it ("kitchen.jpg, staged variation 2").
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import type { Tx } from "@/db/client";
import { AppError } from "@/server/errors";

export async function reviewTarget(db: Tx, input: { workspaceId: string; outputId: string }) {
  const [row] = await db
    .select({ output: generationOutputs, generation: generations, photoName: photos.fileName })
    .from(generationOutputs)
    .innerJoin(generations, eq(generations.id, generationOutputs.generationId))
    .leftJoin(photos, eq(photos.id, generations.photoId))
    .where(and(eq(generationOutputs.id, input.outputId), eq(generationOutputs.workspaceId, input.workspaceId)));
  if (!row) throw new AppError("not_found", "Result not found.");
  if (row.output.structureCheck?.verdict !== "review")
    throw new AppError("conflict", "The structure check did not ask anyone to look at this result.");
  const what = row.output.role === "view" ? `view ${row.output.position + 1}` : `variation ${row.output.position + 1}`;
  return { ...row, label: `${row.photoName ?? "photo"}, ${what}` };
}
