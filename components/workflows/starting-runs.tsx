"use client";
import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { GENERATION_KIND_LABELS, type GenerationKind } from "@/shared/vocabulary";
import { PendingTile } from "./pending-tile";

/**
 * Runs the user just started whose request has not come back yet, each shown as a
 * working card at once, so a click never looks ignored while the server checks credits
 * and asks the service (often a few seconds).
 *
 * Plain React state, set in the click's own handler (useStartRun): React renders a
 * discrete event's update before the browser paints, so the card appears in the next
 * frame, and only StartingRuns reads the list, so a click re-renders these few cards,
 * not the workflow area around them (its forms and their photo pickers; bench figure 8).
 * A run leaves the list when its start mutation settles, which the forms delay until the
 * refreshed results hold the real card, so one card replaces the other without a gap.
 */
type StartingRun = { id: string; kind: GenerationKind; projectId: string };
type StartingActions = { add(run: StartingRun): void; remove(id: string): void };

const StartingList = createContext<StartingRun[]>([]);
const StartingActionsContext = createContext<StartingActions | null>(null);

export function StartingRunsProvider({ children }: { children: ReactNode }) {
  const [runs, setRuns] = useState<StartingRun[]>([]);
  // Stable, so the forms that announce runs never re-render when the list changes.
  const actions = useMemo<StartingActions>(
    () => ({
      add: (run) => setRuns((current) => [...current, run]),
      remove: (id) => setRuns((current) => current.filter((run) => run.id !== id)),
    }),
    [],
  );
  return (
    <StartingActionsContext.Provider value={actions}>
      <StartingList.Provider value={runs}>{children}</StartingList.Provider>
    </StartingActionsContext.Provider>
  );
}

export function useStartingRunActions(): StartingActions {
  const actions = useContext(StartingActionsContext);
  if (!actions) throw new Error("useStartingRunActions needs a StartingRunsProvider around it");
  return actions;
}

/** The working cards; `idle` is what shows in their place while nothing is starting (the results' empty state). */
export function StartingRuns({ projectId, idle = null }: { projectId: string; idle?: ReactNode }) {
  const starting = useContext(StartingList).filter((run) => run.projectId === projectId);
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
