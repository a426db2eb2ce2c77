import "server-only";
import type { jobGroups, jobOutputs } from "@/db/schema";
import type { BlobStore } from "@/server/storage";
import type { OutputCheck } from "../../schemas/output-check";

/** The columns the record is made of (read-job-group.ts selects no more on the hot path). */
type RecordGroup = Pick<typeof jobGroups.$inferSelect, "id" | "style" | "roomType" | "intensity" | "color">;
type RecordOutput = Pick<typeof jobOutputs.$inferSelect, "status" | "outputKey" | "position" | "outputCheck">;

/**
 * The legacy job record (D5, D13): normalized ids, color as sent or "", finished outputs
 * in order, and beside them the structure check's verdicts (D17).
 */
export async function jobRecord(storage: BlobStore, group: RecordGroup, outputs: RecordOutput[]) {
  return {
    id: group.id,
    style: group.style ?? "",
    room_type: group.roomType,
    intensity: group.intensity,
    color: group.color ?? "",
    output_urls: await Promise.all(finishedOutputs(outputs).map((o) => storage.url(o.outputKey!))),
    ...outputChecksOf(outputs),
  };
}

function finishedOutputs(outputs: RecordOutput[]): RecordOutput[] {
  return outputs.filter((o) => o.status === "completed" && o.outputKey).sort((a, b) => a.position - b.position);
}

/**
 * `output_checks`, parallel to the finished outputs, when every one of them was checked;
 * nothing for the types the check leaves alone (color_change, exteriors). Webhooks carry
 * the same (D17).
 */
export function outputChecksOf(outputs: RecordOutput[]): { output_checks?: OutputCheck[] } {
  const checks = finishedOutputs(outputs).map((o) => o.outputCheck);
  return checks.length > 0 && checks.every((check): check is OutputCheck => check !== null) ? { output_checks: checks } : {};
}
