"use client";
import { useMutation } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Badge, Button } from "@/components/ui";
import { useToast } from "@/components/ui/toast";
import { DisclosureNote } from "./disclosure-note";
import { OutputActions } from "./output-actions";
import { PendingTile } from "./pending-tile";
import { StatusBadge } from "./status-badge";
import type { GenerationView, OutputView } from "./types";
import { useRefreshGenerations } from "./use-generations";

function GateBadge({ view }: { view: OutputView }) {
  if (view.position === 0) return <Badge tone="accent">Anchor</Badge>;
  if (view.gate === "passed") return <Badge tone="success">Gate passed</Badge>;
  if (view.gate === "failed") return <Badge tone="warning">Gate failed</Badge>;
  return null;
}

/** Each view of a set: status, quality-gate outcome, the image, and a redo with attempts left. */
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
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {generation.outputs.map((view) => (
        <li key={view.id} className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-medium text-stone-900">View {view.position + 1}</span>
            <StatusBadge status={view.status} />
            <GateBadge view={view} />
          </div>
          {view.status === "running" ? (
            <PendingTile label={view.position === 0 ? "Staging the anchor…" : "Waiting for the anchor, then staging…"} />
          ) : view.url ? (
            // eslint-disable-next-line @next/next/no-img-element -- signed storage URLs
            <img src={view.url} alt={`View ${view.position + 1}, ${view.disclosure.preview ? "style preview" : "staged"}`} className="aspect-[4/3] w-full rounded-lg object-cover ring-1 ring-stone-200" />
          ) : (
            <div className="flex aspect-[4/3] items-center justify-center rounded-lg bg-stone-50 p-4 text-center text-sm text-stone-700 ring-1 ring-stone-200">
              {view.error?.message ?? "This view did not match the anchor closely enough, so it was held back. Try a redo."}
            </div>
          )}
          {view.url ? <DisclosureNote disclosure={view.disclosure} /> : null}
          <div className="flex flex-wrap items-center gap-3">
            {view.url ? <OutputActions outputId={view.id} disclosureLabel={view.disclosure.label} /> : null}
            {view.position > 0 && view.status !== "running" ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={view.attemptsLeft === 0 || redo.isPending}
                onClick={() => redo.mutate({ workspaceId: workspace.id, generationId: generation.id, viewIndex: view.position })}
                aria-label={`Redo view ${view.position + 1} (${view.attemptsLeft} attempts left)`}
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
