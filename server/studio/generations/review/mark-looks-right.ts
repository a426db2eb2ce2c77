/**
 * "Looks right": a person judged an image the structure check marked for review to keep
 * the room (D17). Recorded with who and when (the listing page publishes such an image
 * only once someone did), once: a second click changes nothing.
 */
import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { generationOutputs } from "@/db/schema/studio-generations";
import type { StudioContext } from "../../context";
import { recordAudit } from "../../audit/record-audit";
import { reviewTarget } from "./review-target";

export async function markLooksRight(
  ctx: StudioContext,
  input: { workspaceId: string; userId: string; outputId: string; ip?: string | null },
): Promise<{ lookedRightAt: Date }> {
  return ctx.db.transaction(async (tx) => {
    const { output, label } = await reviewTarget(tx, input);
    if (output.lookedRightAt) return { lookedRightAt: output.lookedRightAt };
    const [marked] = await tx
      .update(generationOutputs)
      .set({ lookedRightBy: input.userId, lookedRightAt: ctx.now() })
      .where(and(eq(generationOutputs.id, output.id), isNull(generationOutputs.lookedRightAt)))
      .returning({ lookedRightAt: generationOutputs.lookedRightAt });
    if (!marked?.lookedRightAt) return { lookedRightAt: output.lookedRightAt ?? ctx.now() };
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actorUserId: input.userId,
      action: "result_looked_right",
      target: label,
      detail: { check: output.structureCheck?.summary ?? null },
      ip: input.ip,
    });
    return { lookedRightAt: marked.lookedRightAt };
  });
}
