"use client";
import { useMutation } from "@tanstack/react-query";
import { Globe, Undo2 } from "lucide-react";
import { useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { useOnce } from "@/components/trpc/use-once";
import { Button, ConfirmDialog } from "@/components/ui";
import { useToast } from "@/components/ui/toast";
import type { ListingView } from "@/server/studio/listings/show-listing";
import { changeCountLabel } from "@/shared/listing-changes";
import { holdersOf } from "@/shared/roles";

/**
 * The draft's state and the act of publishing it: "3 unpublished changes — Publish
 * changes / Discard" on a published page, "Publish listing page" on one never (or no
 * longer) published. Publishing asks first, listing what will change, and names the
 * draft it showed, so a teammate's later edit is never published unseen. A pick that may
 * not be published yet keeps the button off, with its reasons beside it.
 */
export function ListingPublishBar({
  projectId,
  listing,
  onDone,
}: {
  projectId: string;
  listing: ListingView;
  onDone: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const input = { workspaceId: workspace.id, projectId };
  const [confirming, setConfirming] = useState<"publish" | "discard" | null>(null);
  const close = () => setConfirming(null);
  const publish = useMutation(
    trpc.listings.publish.mutationOptions({
      onSuccess: ({ version }) => {
        close();
        toast(`Version ${version.number} published`);
        return onDone();
      },
      onError: (error) => {
        close();
        toast(errorMessage(error), "error");
        return onDone();
      },
    }),
  );
  const publishOnce = useOnce(publish);
  const discard = useMutation(
    trpc.listings.discard.mutationOptions({
      onSuccess: () => {
        close();
        toast("Unpublished changes discarded");
        return onDone();
      },
      onError: (error) => {
        close();
        toast(errorMessage(error), "error");
        return onDone();
      },
    }),
  );

  const { version, changes, nextVersion } = listing;
  const mayPublish = workspace.permissions.includes("publish_listing");
  const blockers = listing.picks.flatMap((pick) => pick.blockers.map((reason) => `${pick.name}: ${reason}`));
  const photos = listing.picks.filter((pick) => pick.medium === "photo").length;
  const videos = listing.picks.length - photos;
  const pending = version && changes.count > 0;
  if (version && !pending) return <p className="text-sm text-stone-600">The public page shows this draft as it is.</p>;

  return (
    <div className={version ? "space-y-3 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200" : "space-y-2"} data-testid="listing-draft-state">
      {version ? (
        <>
          <p className="text-sm font-semibold text-amber-950">{changeCountLabel(changes.count)}</p>
          <ul className="list-disc space-y-0.5 pl-5 text-sm text-amber-950" aria-label="Unpublished changes">
            {changes.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-stone-600">Only your team sees this draft; the remark and the zip below are its preview.</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {mayPublish ? (
          <Button
            variant={version ? "primary" : "secondary"}
            size="sm"
            disabled={blockers.length > 0}
            onClick={() => setConfirming("publish")}
            aria-describedby={blockers.length ? "publish-blockers" : undefined}
          >
            <Globe className="size-4" aria-hidden="true" />
            {version ? "Publish changes" : "Publish listing page"}
          </Button>
        ) : (
          <p className="text-sm text-stone-700">
            Only {holdersOf("publish_listing")} can publish: {version ? "these changes go" : "the page goes"} public when one of them does.
          </p>
        )}
        {pending ? (
          <Button variant="ghost" size="sm" onClick={() => setConfirming("discard")}>
            <Undo2 className="size-4" aria-hidden="true" />
            Discard
          </Button>
        ) : null}
      </div>
      {blockers.length ? (
        <div id="publish-blockers" role="note" className="text-sm text-amber-900">
          <p className="font-medium">Not ready to publish:</p>
          <ul className="list-disc pl-5">
            {blockers.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming === "publish"}
        onClose={close}
        title={version ? `Publish version ${nextVersion}?` : "Publish the listing page?"}
        confirmLabel={`Publish version ${nextVersion}`}
        confirmVariant="primary"
        pending={publish.isPending}
        onConfirm={() => publishOnce({ ...input, reviewed: listing.fingerprint })}
      >
        {version ? (
          <>
            <p>
              The public page, the MLS remark and the zip change together from version {version.number} to version {nextVersion}:
            </p>
            <ul className="list-disc space-y-0.5 pl-5">
              {changes.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p>A remark or zip already handed out keeps naming version {version.number}.</p>
          </>
        ) : (
          <p>
            Anyone with the link will see {photos} photo{photos === 1 ? "" : "s"}
            {videos ? ` and ${videos} video${videos === 1 ? "" : "s"}` : ""}
            {listing.description ? " and the description" : ""} as version {nextVersion}, beside the unaltered originals.
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "discard"}
        onClose={close}
        title={`Discard ${changeCountLabel(changes.count)}?`}
        confirmLabel="Discard changes"
        pending={discard.isPending}
        onConfirm={() => discard.mutate({ ...input, reviewed: listing.fingerprint })}
      >
        <p>The draft goes back to version {version?.number} as published. These changes are lost:</p>
        <ul className="list-disc space-y-0.5 pl-5">
          {changes.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </div>
  );
}
