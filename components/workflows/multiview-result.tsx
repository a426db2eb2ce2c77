"use client";
import { useMutation } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Badge, Button } from "@/components/ui";
import { ResizedImage } from "@/components/ui/resized-image";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { MULTIVIEW_MAX_ATTEMPTS } from "@/shared/vocabulary";
import { BeforeAfterSlider } from "./before-after-slider";
import { DisclosureNote } from "./disclosure-note";
import { GateVerdict } from "./gate-verdict";
import { OutputActions } from "./output-actions";
import { PendingTile } from "./pending-tile";
import { StatusBadge } from "./status-badge";
import type { GenerationView, OutputView } from "./types";
import { useRefreshGenerations } from "./use-generations";

const viewName = (view: OutputView) => view.sourceName ?? `View ${view.position + 1}`;
const VIEW_SIZES = "(min-width: 640px) 50vw, 100vw";

/** What a running view shows: the last image under a progress note, or a tile saying what it waits for. */
function RunningView({ view, anchorRunning }: { view: OutputView; anchorRunning: boolean }) {
  const previous = view.url
    ? { url: view.url, ...view.resized }
    : view.heldBackUrl
      ? { url: view.heldBackUrl, ...view.heldBackResized }
      : null;
  const label =
    view.position === 0
      ? "Staging the anchor…"
      : anchorRunning
        ? "Waiting for the anchor, then staging…"
        : view.attempts > 1
          ? `Redoing · attempt ${view.attempts} of ${MULTIVIEW_MAX_ATTEMPTS}…`
          : "Staging this view…";
  if (!previous) return <PendingTile label={label} />;
  return (
    <div className="relative aspect-[4/3] overflow-hidden rounded-lg ring-1 ring-stone-200">
      <ResizedImage
        image={previous}
        sizes={VIEW_SIZES}
        alt={`${viewName(view)}, previous attempt`}
        className="size-full object-cover opacity-60"
      />
      <div
        role="status"
        className="absolute inset-x-2 bottom-2 flex items-center gap-2 rounded-md bg-white/95 px-3 py-2 text-sm text-stone-800 shadow"
      >
        <Spinner className="size-4 text-accent-600" />
        {label} The last image stays until the new one is ready.
      </div>
    </div>
  );
}

/** The image a failed gate held back, marked so nobody mistakes it for a usable view. */
function HeldBackImage({ view }: { view: OutputView }) {
  return (
    <figure className="space-y-1">
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg ring-2 ring-amber-400">
        <ResizedImage
          image={{ url: view.heldBackUrl!, ...view.heldBackResized }}
          sizes={VIEW_SIZES}
          alt={`${viewName(view)}, held back by the quality gate`}
          className="size-full object-cover grayscale-[40%]"
        />
        <span className="absolute left-2 top-2 rounded bg-amber-400 px-2 py-0.5 text-xs font-semibold text-amber-950">
          Held back · not used
        </span>
      </div>
      <figcaption className="text-xs text-stone-600">Rejected by the quality gate (attempt {view.attempts})</figcaption>
    </figure>
  );
}

/**
 * Each view of a set, named by its photo: the anchor, then each sibling with the gate's
 * verdict and scores, a before/after of the image in use, the held-back image when the
 * gate rejected one, and a redo that keeps the last image on screen while it runs.
 */
export function MultiviewResult({ generation, projectId }: { generation: GenerationView; projectId: string }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const refresh = useRefreshGenerations(projectId);
  const redo = useMutation(
    trpc.generations.redoView.mutationOptions({
      onSuccess: ({ attemptsLeft }) => {
        toast(`Redoing the view (${attemptsLeft} attempts left after this one).`);
        return refresh();
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const anchorRunning = generation.outputs.some((view) => view.position === 0 && view.status === "running");
  return (
    <ul className="grid gap-6 sm:grid-cols-2">
      {generation.outputs.map((view) => (
        <li key={view.id} className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 truncate text-sm font-medium text-stone-900">{viewName(view)}</span>
            {view.position === 0 ? <Badge tone="accent">Anchor</Badge> : null}
            <StatusBadge status={view.status !== "running" && view.gate === "failed" ? "held_back" : view.status} />
          </div>
          {view.status === "running" ? (
            <RunningView view={view} anchorRunning={anchorRunning} />
          ) : view.url && view.sourceUrl ? (
            <BeforeAfterSlider
              before={{ url: view.sourceUrl, ...view.sourceResized }}
              after={{ url: view.url, ...view.resized }}
              label={viewName(view)}
            />
          ) : view.heldBackUrl ? null : (
            <div className="flex aspect-[4/3] items-center justify-center rounded-lg bg-stone-50 p-4 text-center text-sm text-stone-700 ring-1 ring-stone-200">
              {view.error?.message ?? "This view did not match the anchor closely enough, so it was held back. Try a redo."}
            </div>
          )}
          {view.url && view.status !== "running" ? <DisclosureNote disclosure={view.disclosure} /> : null}
          {view.status !== "running" ? <GateVerdict view={view} /> : null}
          {view.status !== "running" && view.heldBackUrl ? <HeldBackImage view={view} /> : null}
          <div className="flex flex-wrap items-center gap-3">
            {view.url && view.status !== "running" ? (
              <OutputActions
                outputId={view.id}
                disclosureLabel={view.disclosure.label}
                review={view.review}
                redo={view.position === 0 ? "anchor" : "free"}
                kept={view.kept && { ...view.kept, imageUrl: view.url }}
              />
            ) : null}
            {view.position > 0 && view.status !== "running" ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={view.attemptsLeft === 0 || redo.isPending}
                onClick={() => redo.mutate({ workspaceId: workspace.id, generationId: generation.id, viewIndex: view.position })}
                aria-label={`Redo ${viewName(view)} (${view.attemptsLeft} attempts left)`}
              >
                <RotateCcw className="size-4" aria-hidden="true" />
                Redo · {view.attemptsLeft} left
              </Button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
