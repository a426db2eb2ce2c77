"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, RotateCcw, ScanSearch } from "lucide-react";
import { useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { useOnce } from "@/components/trpc/use-once";
import { Badge, Button } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { FREE_REVIEW_REDOS_PER_DAY } from "@/shared/vocabulary";

/** The structure check's verdict on a result as the studio lists it (server/studio/generations/review/structure-reviews.ts). */
export interface StructureReviewView {
  verdict: "pass" | "review";
  summary: string;
  zones: { zone: string; reason: string; region: { x: number; y: number; width: number; height: number } | null }[];
  lookedRight: { at: Date | string; byName: string } | null;
}

/**
 * A result the structure check marked for review (D17): "Check this" with what it found,
 * "Show where" (the change map opened on the named zones), "Looks right" (recorded with
 * who and when: the listing page publishes it only after that) and "Redo" at no cost.
 * Once someone judged it, who and when. A result that passed shows nothing here.
 */
export function StructureReview({
  outputId,
  review,
  redo,
  onShowWhere,
}: {
  outputId: string;
  review: StructureReviewView | null;
  redo: "free" | "anchor";
  onShowWhere: () => void;
}) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirmRedo, setConfirmRedo] = useState(false);
  const refresh = () =>
    Promise.all(
      [trpc.generations.list.pathKey(), trpc.batches.list.pathKey(), trpc.listings.show.pathKey()].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  const looksRight = useMutation(
    trpc.generations.looksRight.mutationOptions({ onSuccess: refresh, onError: (error) => toast(errorMessage(error), "error") }),
  );
  const redoMutation = useMutation(
    trpc.generations.redoReview.mutationOptions({
      onSuccess: async () => {
        setConfirmRedo(false);
        toast("Making it again, at no cost.", "success");
        await refresh();
      },
      onError: (error) => {
        setConfirmRedo(false);
        toast(errorMessage(error), "error");
      },
    }),
  );
  const startRedo = useOnce(redoMutation);
  if (!review || review.verdict !== "review") return null;
  const found = review.summary.replace(/^Check this: /, "");

  if (review.lookedRight) {
    const when = new Date(review.lookedRight.at).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
    return (
      <p className="flex items-center gap-1.5 text-xs text-emerald-800" data-testid="looked-right">
        <CircleCheck className="size-4" aria-hidden="true" />
        Looks right: checked by {review.lookedRight.byName}, {when}
      </p>
    );
  }
  return (
    <div
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
      data-testid="structure-review"
    >
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone="warning">Check this</Badge>
        <span>{found.charAt(0).toUpperCase() + found.slice(1)}</span>
      </p>
      <p className="text-xs text-amber-900">
        The check could not tell whether the room itself changed. Look before publishing it: the listing page waits until someone says it
        looks right.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onShowWhere}>
          <ScanSearch className="size-4" aria-hidden="true" />
          Show where
        </Button>
        <Button size="sm" loading={looksRight.isPending} onClick={() => looksRight.mutate({ workspaceId: workspace.id, outputId })}>
          <CircleCheck className="size-4" aria-hidden="true" />
          Looks right
        </Button>
        {redo === "free" ? (
          <Button variant="secondary" size="sm" onClick={() => setConfirmRedo(true)}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Redo (free)
          </Button>
        ) : null}
      </div>
      {redo === "anchor" ? (
        <p className="text-xs text-amber-900">The first view sets the style of the others: to make it anew, start the set again.</p>
      ) : null}
      <ConfirmDialog
        open={confirmRedo}
        onClose={() => setConfirmRedo(false)}
        title="Make this result again?"
        confirmLabel="Redo at no cost"
        confirmVariant="primary"
        pending={redoMutation.isPending}
        onConfirm={() => startRedo({ workspaceId: workspace.id, outputId })}
      >
        <p>
          It is made again from the same photo and settings. A redo of a result the check asked about costs nothing: no credits and no
          staging job of the monthly quota, up to {FREE_REVIEW_REDOS_PER_DAY} a day for each photo.
        </p>
      </ConfirmDialog>
    </div>
  );
}
