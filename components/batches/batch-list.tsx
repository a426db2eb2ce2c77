"use client";
import { useBatches } from "./use-batches";
import { BatchCard } from "./batch-card";

/** The project's whole-listing batches, each grouping its photos' results, as part of the Results; nothing when there are none. */
export function BatchList({ projectId }: { projectId: string }) {
  const batches = useBatches(projectId);
  if (!batches.data?.length) return null;
  return (
    <ul className="space-y-4" aria-label="Listing batches">
      {batches.data.map((batch) => (
        <li key={batch.id}>
          <BatchCard batch={batch} projectId={projectId} />
        </li>
      ))}
    </ul>
  );
}
