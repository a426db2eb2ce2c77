"use client";
import { useMutationState, type Mutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { useTRPC } from "@/components/trpc/client";
import { GENERATION_KIND_LABELS, type GenerationKind } from "@/shared/generation-vocabulary";
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

function useStartingRuns(projectId: string): { id: number; kind: GenerationKind }[] {
  const trpc = useTRPC();
  const starts: [string, GenerationKind][] = [
    [JSON.stringify(trpc.generations.stage.mutationKey()), "staging"],
    [JSON.stringify(trpc.generations.multiview.mutationKey()), "multiview"],
    [JSON.stringify(trpc.generations.inpaintUpscale.mutationKey()), "inpaint_upscale"],
    [JSON.stringify(trpc.generations.video.mutationKey()), "video"],
    [JSON.stringify(trpc.generations.describe.mutationKey()), "description"],
  ];
  const kindOf = (mutation: Mutation<unknown, Error, unknown>) => starts.find(([key]) => key === JSON.stringify(mutation.options.mutationKey))?.[1];
  return useMutationState({
    filters: {
      status: "pending",
      predicate: (mutation) => Boolean(kindOf(mutation)) && (mutation.state.variables as { projectId?: string } | undefined)?.projectId === projectId,
    },
    select: (mutation) => ({ id: mutation.mutationId, kind: kindOf(mutation)! }),
  });
}

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
