/**
 * The edit a studio output stands for, in the words of shared/mls-rules.ts (and of
 * shared/disclosure.ts): a staging generation's redesign type, multi-view staging, the
 * inpaint of an edit chain (its upscale carries the same edit, seen from the original).
 */
import "server-only";
import type { EditOperation } from "@/shared/vocabulary";
import type { generationOutputs, generations } from "@/db/schema/studio-generations";

type Generation = Pick<typeof generations.$inferSelect, "kind" | "params">;
type Output = Pick<typeof generationOutputs.$inferSelect, "role">;

export function outputOperation(generation: Generation, output: Output): EditOperation | null {
  const params = (generation.params ?? {}) as { redesignType?: EditOperation; inpaintingType?: "remove" | "replace" };
  switch (generation.kind) {
    case "staging":
      return params.redesignType ?? "staging";
    case "multiview":
      return "staging";
    case "inpaint_upscale":
      return params.inpaintingType === "replace" ? "inpaint_replace" : "inpaint_remove";
    case "video":
      return output.role === "video" ? "video" : null;
    default:
      return null;
  }
}

/** Edits whose change map shows what was taken away rather than what was added. */
export function removesContent(operation: EditOperation | null): boolean {
  return operation === "declutter" || operation === "inpaint_remove";
}
