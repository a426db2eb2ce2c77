"use client";
import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useId, useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui";
import { useToast } from "@/components/ui/toast";
import { ChangeMapToggle } from "./change-map-toggle";
import { KeptAreasOutline, type KeptOutline } from "./kept-areas-outline";
import { ListingPickButton } from "./listing-pick-button";
import { StructureReview, type StructureReviewView } from "./structure-review";

/**
 * Download a result (altered images can carry the burned-in label and a QR code to their
 * own disclosure page), and put it on the project's listing page. A result the structure
 * check marked for review says so first, and "Show where" opens its change map.
 */
export function OutputActions({
  outputId,
  disclosureLabel,
  review = null,
  redo = "free",
  kept = null,
}: {
  outputId: string;
  disclosureLabel: string | null;
  review?: StructureReviewView | null;
  /** How a review result is made again: freely, or (a multi-view set's first view) not on its own. */
  redo?: "free" | "anchor";
  kept?: KeptOutline | null;
}) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const [disclosure, setDisclosure] = useState(true);
  const [changesOpen, setChangesOpen] = useState(false);
  const checkboxId = useId();
  const download = useMutation(
    trpc.exports.exportOutput.mutationOptions({
      onSuccess: ({ url, fileName }) => {
        const link = document.createElement("a");
        link.href = url;
        link.download = fileName;
        link.rel = "noopener";
        document.body.append(link);
        link.click();
        link.remove();
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  return (
    <div className="space-y-2">
      <StructureReview outputId={outputId} review={review} redo={redo} onShowWhere={() => setChangesOpen(true)} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          loading={download.isPending}
          onClick={() => download.mutate({ workspaceId: workspace.id, outputId, disclosure: Boolean(disclosureLabel) && disclosure })}
        >
          <Download className="size-4" aria-hidden="true" />
          Download
        </Button>
        {disclosureLabel ? (
          <label htmlFor={checkboxId} className="inline-flex items-center gap-1.5 text-xs text-stone-700">
            <input
              id={checkboxId}
              type="checkbox"
              checked={disclosure}
              onChange={(e) => setDisclosure(e.target.checked)}
              className="size-4 accent-accent-600"
            />
            Add “{disclosureLabel}” label
          </label>
        ) : null}
        {disclosureLabel ? (
          <ChangeMapToggle
            outputId={outputId}
            zones={review?.verdict === "review" ? review.zones : []}
            open={changesOpen}
            onOpenChange={setChangesOpen}
          />
        ) : null}
        {kept ? <KeptAreasOutline kept={kept} /> : null}
        <ListingPickButton outputId={outputId} />
      </div>
    </div>
  );
}
