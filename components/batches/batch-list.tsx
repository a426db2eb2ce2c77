"use client";
import { useBatches } from "./use-batches";
import { BatchCard } from "./batch-card";

/** The project's whole-listing batches, each grouping its photos' results; nothing when there are none. */
export function BatchList({ projectId }: { projectId: string }) {
  const batches = useBatches(projectId);
  if (!batches.data?.length) return null;
  return (
    <section aria-labelledby="batches-heading" className="space-y-4">
      <h2 id="batches-heading" className="text-lg font-semibold">
        Whole-listing batches
      </h2>
      <ul className="space-y-4" aria-label="Listing batches">
        {batches.data.map((batch) => (
          <li key={batch.id}>
            <BatchCard batch={batch} projectId={projectId} />
          </li>
        ))}
      </ul>
    </section>
  );
}
