/**
 * The edit a studio output shows against its original, for its change map: the
 * generation's edit (generations/output-disclosure.ts), a video's only on the video itself.
 */
import "server-only";
import type { generationOutputs, generations } from "@/db/schema/studio-generations";
import type { EditOperation } from "@/shared/vocabulary";
import { generationEdit } from "../generations/output-disclosure";

type Generation = Pick<typeof generations.$inferSelect, "kind" | "params">;
type Output = Pick<typeof generationOutputs.$inferSelect, "role">;

export function outputOperation(generation: Generation, output: Output): EditOperation | null {
  if (generation.kind === "video" && output.role !== "video") return null;
  return generationEdit(generation);
}

/** Edits whose change map shows what was taken away rather than what was added. */
export function removesContent(operation: EditOperation | null): boolean {
  return operation === "declutter" || operation === "inpaint_remove";
}
