"use client";
import { useMutation } from "@tanstack/react-query";
import { Download, Pause, Play, X } from "lucide-react";
import { useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Badge, Button, ConfirmDialog, type BadgeTone } from "@/components/ui";
import { Card } from "@/components/ui/card";
import { useToast } from "@/components/ui/toast";
import { BeforeAfterSlider } from "@/components/workflows/before-after-slider";
import { DisclosureNote } from "@/components/workflows/disclosure-note";
import { OutputActions } from "@/components/workflows/output-actions";
import { PendingTile } from "@/components/workflows/pending-tile";
import type { BatchView } from "@/server/studio/batches/list-batches";
import { idLabel } from "@/shared/vocabulary";
import { useRefreshBatches } from "./use-batches";

const STATUS: Record<BatchView["status"], { label: string; tone: BadgeTone }> = {
  running: { label: "Working", tone: "info" },
  paused: { label: "Paused", tone: "warning" },
  canceled: { label: "Canceled", tone: "neutral" },
  completed: { label: "Done", tone: "success" },
};

/** The photos still in the project: a deleted photo leaves the batch with its result. */
const presentOf = ({ counts }: BatchView) => counts.total - counts.deleted;

function progressLine(batch: BatchView): string {
  const { counts } = batch;
  const parts = [`${counts.completed + counts.failed} of ${presentOf(batch)} photos done`];
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  if (counts.canceled > 0) parts.push(`${counts.canceled} canceled before starting`);
  if (counts.deleted > 0) parts.push(`${counts.deleted} of the batch's ${counts.total} photos deleted from the project since`);
  return parts.join(" · ");
}

/** One whole-listing batch: its progress, pause / resume / cancel, and every photo's result in the batch's order. */
export function BatchCard({ batch, projectId }: { batch: BatchView; projectId: string }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const refresh = useRefreshBatches(projectId);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const options = { onSuccess: () => refresh(), onError: (error: unknown) => toast(errorMessage(error), "error") };
  const pause = useMutation(trpc.batches.pause.mutationOptions(options));
  const resume = useMutation(trpc.batches.resume.mutationOptions(options));
  const cancel = useMutation(trpc.batches.cancel.mutationOptions({ ...options, onSettled: () => setConfirmCancel(false) }));
  const ref = { workspaceId: workspace.id, batchId: batch.id };
  const headingId = `batch-${batch.id}`;
  const waiting = batch.counts.queued > 0;
  const failed = batch.photos.filter((photo) => photo.progress === "failed");

  return (
    <Card className="p-5">
      <article aria-labelledby={headingId} className="space-y-4">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} className="text-base font-semibold text-stone-900">
              Whole listing · {idLabel(batch.style)}
            </h3>
            <p className="text-xs text-stone-600">
              {[batch.createdByName, new Date(batch.createdAt).toLocaleString()].filter(Boolean).join(" · ")}
            </p>
          </div>
          <Badge tone={STATUS[batch.status].tone}>{STATUS[batch.status].label}</Badge>
        </header>
        <div className="space-y-1.5">
          <p className="text-sm text-stone-800" aria-live="polite">
            {progressLine(batch)}
          </p>
          {/* Chromium ignores accent-color on <progress>: its bar and value are styled by their pseudo-elements. */}
          <progress
            className="h-2 w-full appearance-none overflow-hidden rounded-full bg-stone-200 [&::-moz-progress-bar]:bg-accent-600 [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-accent-600"
            aria-label="Batch progress"
            max={presentOf(batch)}
            value={batch.counts.completed + batch.counts.failed}
          />
        </div>
        {batch.counts.completed > 0 ? (
          <a
            href={`/api/studio/batch-zip?workspaceId=${workspace.id}&batchId=${batch.id}`}
            download
            className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-accent-700 ring-1 ring-stone-300 hover:bg-accent-50"
          >
            <Download className="size-4" aria-hidden="true" />
            Download {batch.counts.completed === 1 ? "the staged photo" : `all ${batch.counts.completed} staged photos`} (zip)
          </a>
        ) : null}
        {failed.length > 0 ? (
          <ul
            role="alert"
            aria-label="Failed photos"
            className="space-y-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
          >
            {failed.map((photo) => (
              <li key={photo.photoId}>
                <span className="font-medium">{photo.fileName}</span>:{" "}
                {photo.error?.message ?? "The image service could not stage this photo."}
              </li>
            ))}
          </ul>
        ) : null}
        {waiting && (batch.status === "running" || batch.status === "paused") ? (
          <div className="flex flex-wrap gap-2">
            {batch.status === "running" ? (
              <Button variant="secondary" size="sm" loading={pause.isPending} onClick={() => pause.mutate(ref)}>
                <Pause className="size-4" aria-hidden="true" />
                Pause
              </Button>
            ) : (
              <Button variant="secondary" size="sm" loading={resume.isPending} onClick={() => resume.mutate(ref)}>
                <Play className="size-4" aria-hidden="true" />
                Resume
              </Button>
            )}
            <Button variant="secondary" size="sm" onClick={() => setConfirmCancel(true)}>
              <X className="size-4" aria-hidden="true" />
              Cancel the rest
            </Button>
          </div>
        ) : null}
        <ConfirmDialog
          open={confirmCancel}
          onClose={() => setConfirmCancel(false)}
          title="Cancel the rest of this batch?"
          confirmLabel="Cancel the rest"
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate(ref)}
        >
          The {batch.counts.queued} {batch.counts.queued === 1 ? "photo" : "photos"} not started yet will not be staged or charged. Photos
          already being staged finish and keep their results.
        </ConfirmDialog>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Batch photos">
          {batch.photos.map((photo) => (
            <li key={photo.photoId} className="min-w-0 space-y-2">
              <p className="truncate text-sm font-medium text-stone-800">
                {photo.fileName} <span className="font-normal text-stone-600">· {idLabel(photo.roomType)}</span>
              </p>
              {photo.output?.url && photo.output.sourceUrl ? (
                <>
                  <BeforeAfterSlider
                    before={{ url: photo.output.sourceUrl, ...photo.output.sourceResized }}
                    after={{ url: photo.output.url, ...photo.output.resized }}
                    label={`${photo.output.disclosure.preview ? "Style preview" : "Staged"} of ${photo.fileName}`}
                  />
                  <DisclosureNote disclosure={photo.output.disclosure} />
                  <OutputActions outputId={photo.output.id} disclosureLabel={photo.output.disclosure.label} review={photo.output.review} />
                </>
              ) : photo.progress === "running" ? (
                <PendingTile label="Staging the photo…" />
              ) : (
                <p className="flex aspect-[4/3] items-center justify-center rounded-lg bg-stone-50 px-3 text-center text-sm text-stone-600 ring-1 ring-stone-200">
                  {photo.progress === "queued"
                    ? batch.status === "paused"
                      ? "Paused: not started yet"
                      : "Waiting to start"
                    : photo.progress === "canceled"
                      ? "Canceled: not staged, not charged"
                      : "Failed"}
                </p>
              )}
            </li>
          ))}
        </ul>
      </article>
    </Card>
  );
}
