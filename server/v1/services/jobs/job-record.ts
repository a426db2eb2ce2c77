import "server-only";
import type { jobGroups, jobOutputs } from "@/db/schema";
import type { BlobStore } from "@/server/storage";

type Group = typeof jobGroups.$inferSelect;
type Output = typeof jobOutputs.$inferSelect;

/** The legacy job record (D5, D13): normalized ids, color as sent or "", finished outputs in order. */
export async function jobRecord(storage: BlobStore, group: Group, outputs: Output[]) {
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
