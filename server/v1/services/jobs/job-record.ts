import "server-only";
import type { jobGroups, jobOutputs } from "@/db/schema";
import type { BlobStore } from "@/server/storage";

/** The columns the record is made of (read-job-group.ts selects no more on the hot path). */
type RecordGroup = Pick<typeof jobGroups.$inferSelect, "id" | "style" | "roomType" | "intensity" | "color">;
type RecordOutput = Pick<typeof jobOutputs.$inferSelect, "status" | "outputKey" | "position">;

/** The legacy job record (D5, D13): normalized ids, color as sent or "", finished outputs in order. */
export async function jobRecord(storage: BlobStore, group: RecordGroup, outputs: RecordOutput[]) {
  const finished = outputs.filter((o) => o.status === "completed" && o.outputKey).sort((a, b) => a.position - b.position);
  return {
    id: group.id,
    style: group.style ?? "",
    room_type: group.roomType,
    intensity: group.intensity,
    color: group.color ?? "",
    output_urls: await Promise.all(finished.map((o) => storage.url(o.outputKey!))),
  };
}
