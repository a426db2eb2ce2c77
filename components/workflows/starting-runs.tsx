"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useSyncExternalStore, type ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { useTRPC } from "@/components/trpc/client";
import { GENERATION_KIND_LABELS, type GenerationKind } from "@/shared/vocabulary";
import { PendingTile } from "./pending-tile";

/**
 * Runs the user just started whose request has not come back yet: each start mutation of
 * the project, while pending, is shown as a working card at once, so a click never looks
 * ignored while the server checks credits and asks the service (often a few seconds).
 * The forms keep their mutation pending until the refreshed list holds the real card
 * (their onSuccess returns the refresh), so one card replaces the other without a gap.
 *
 * Only this list subscribes to the mutations: a click then re-renders these few cards,
 * not the workflow area around them (its forms and their photo pickers), which is what
 * made the card appear late on a project with many photos (bench figure 8). `idle` is
 * what shows in their place while nothing is starting (the results' empty state).
 */
export function StartingRuns({ projectId, idle = null }: { projectId: string; idle?: ReactNode }) {
  const starting = useStartingRuns(projectId);
  if (starting.length === 0) return idle;
  return (
    <ul className="space-y-4" aria-label="Runs starting">
      {starting.map((run) => (
        <li key={`starting-${run.id}`}>
          <StartingRunCard kind={run.kind} />
        </li>
      ))}
    </ul>
  );
}

type StartingRun = { id: number; kind: GenerationKind };

/**
 * The project's pending start mutations, read straight from the mutation cache.
 * `useMutationState` would pass each change through React Query's notify manager, which
 * delivers it in a later `setTimeout` task; on a page still busy after hydration that
 * task ran 100 ms and more after the click (bench figure 8). Subscribing without that
 * batching lets the `mutate` call inside the click handler update this list in the same
 * task, so React draws the card before the browser's next frame.
 */
function useStartingRuns(projectId: string): StartingRun[] {
  const trpc = useTRPC();
  const mutationCache = useQueryClient().getMutationCache();
  const snapshot = useRef<{ key: string; runs: StartingRun[] }>({ key: "", runs: NO_RUNS });
  const startKinds = useMemo(
    () =>
      new Map<string, GenerationKind>([
        [JSON.stringify(trpc.generations.stage.mutationKey()), "staging"],
        [JSON.stringify(trpc.generations.multiview.mutationKey()), "multiview"],
        [JSON.stringify(trpc.generations.inpaintUpscale.mutationKey()), "inpaint_upscale"],
        [JSON.stringify(trpc.generations.video.mutationKey()), "video"],
        [JSON.stringify(trpc.generations.describe.mutationKey()), "description"],
      ]),
    [trpc],
  );
  const subscribe = useCallback((onChange: () => void) => mutationCache.subscribe(onChange), [mutationCache]);
  const read = useCallback(() => {
    const runs: StartingRun[] = [];
    for (const mutation of mutationCache.getAll()) {
      if (mutation.state.status !== "pending") continue;
      if ((mutation.state.variables as { projectId?: string } | undefined)?.projectId !== projectId) continue;
      const kind = startKinds.get(JSON.stringify(mutation.options.mutationKey));
      if (kind) runs.push({ id: mutation.mutationId, kind });
    }
    // The same runs give the same array, as useSyncExternalStore requires of a snapshot.
    const key = runs.map((run) => run.id).join(",");
    if (key !== snapshot.current.key) snapshot.current = { key, runs };
    return snapshot.current.runs;
  }, [mutationCache, projectId, startKinds]);
  return useSyncExternalStore(subscribe, read, () => NO_RUNS);
}

const NO_RUNS: StartingRun[] = [];

function StartingRunCard({ kind }: { kind: GenerationKind }) {
  return (
    <Card className="p-5">
      <article aria-label={`${GENERATION_KIND_LABELS[kind]}, starting`} className="space-y-4">
        <header>
          <h3 className="text-base font-semibold text-stone-900">{GENERATION_KIND_LABELS[kind]}</h3>
          <p className="text-xs text-stone-600">Starting…</p>
        </header>
        <div role="status" className="sm:w-1/2">
          <PendingTile label="Sending the request…" />
        </div>
      </article>
    </Card>
  );
}
