"use client";
import { useMutation } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Download, ExternalLink, GlobeLock, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Badge, Button, ConfirmDialog, Panel, Skeleton, TextAreaField } from "@/components/ui";
import { useToast } from "@/components/ui/toast";
import type { PickChange } from "@/shared/listing-changes";
import { CopyButton } from "./copy-button";
import { ListingPublishBar } from "./listing-publish-bar";
import type { GenerationView } from "./types";
import { useListing } from "./use-listing";

/**
 * The project's public listing page, as the agent means it: the draft's results (none
 * until picked with "Add to listing"), in what order, with what captions, numbered as the
 * MLS remark and the zip will number them, each tagged with what changed since the
 * published version and why it may not be published yet; the description; the published
 * version and its link; and publishing, always a deliberate act of those the role table
 * allows (listing-publish-bar.tsx). Unpublishing likewise.
 */
export function ListingPagePanel({ projectId, generations }: { projectId: string; generations: GenerationView[] }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const { listing, refresh, move, toggle, caption, saving } = useListing(projectId);
  const input = { workspaceId: workspace.id, projectId };
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const [confirmingUnpublish, setConfirmingUnpublish] = useState(false);
  const unpublish = useMutation(
    trpc.listings.unpublish.mutationOptions({
      onSuccess: () => {
        setConfirmingUnpublish(false);
        toast("Listing page unpublished");
        return refresh();
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const data = listing.data;
  const url = data?.published ? `${origin}${data.published.path}` : null;
  const version = data?.version ?? null;
  const zipReady = version ? version.results > 0 : (data?.picks.length ?? 0) > 0;
  const pending = Boolean(version && data && data.changes.count > 0);

  return (
    <Panel
      title="Listing page"
      description="A public page with the results you pick, each altered image beside its unaltered original and labelled with what was done (MLS rules, California AB 723). You change a draft; the page, the remark and the zip change only when it is published."
    >
      {!data ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <div className="space-y-6" data-testid="listing-page-panel">
          <div className="space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              {url ? <Badge tone="success">Published</Badge> : <Badge tone="neutral">Not published</Badge>}
              <span className="text-sm text-stone-600" data-testid="listing-version">
                {version
                  ? `${version.stamp}${version.publishedBy ? ` by ${version.publishedBy}` : ""}.`
                  : data.picks.length === 0
                    ? "No results picked yet."
                    : `${data.picks.length} picked result${data.picks.length === 1 ? "" : "s"} in the draft.`}
              </span>
            </div>
            {url ? (
              <>
                <label className="block text-sm font-medium text-stone-800" htmlFor="share-url">
                  Page link
                </label>
                <input
                  id="share-url"
                  readOnly
                  value={url}
                  className="block w-full min-w-0 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-800 ring-1 ring-stone-300"
                  onFocus={(e) => e.target.select()}
                />
                <div className="flex flex-wrap gap-2">
                  <CopyButton text={url} label="Copy link" />
                  <a
                    href={url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-accent-700 hover:bg-accent-50"
                  >
                    <ExternalLink className="size-4" aria-hidden="true" />
                    Open page
                  </a>
                  {workspace.permissions.includes("unpublish_listing") ? (
                    <Button variant="ghost" size="sm" onClick={() => setConfirmingUnpublish(true)}>
                      <GlobeLock className="size-4" aria-hidden="true" />
                      Unpublish
                    </Button>
                  ) : null}
                </div>
              </>
            ) : null}
            <ListingPublishBar projectId={projectId} listing={data} onDone={refresh} />
            {!version && data.picks.length === 0 ? (
              <p className="text-sm text-stone-600">With nothing picked, the page shows only the property&apos;s facts and description.</p>
            ) : null}
          </div>

          <section aria-labelledby="picked-heading" className="space-y-3">
            <h3 id="picked-heading" className="text-sm font-semibold text-stone-900">
              {pending ? "Draft: on the page once published, in this order" : "On the page, in this order"}
            </h3>
            {data.picks.length === 0 ? (
              <p className="text-sm text-stone-600">Use “Add to listing” on a result below to put it on the page.</p>
            ) : (
              <ol className="space-y-2" aria-label="Picked results">
                {data.picks.map((pick, index) => (
                  <li
                    key={pick.outputId}
                    className="flex flex-wrap items-center gap-3 rounded-lg p-2 ring-1 ring-stone-200"
                    data-testid="listing-pick"
                  >
                    {pick.thumbUrl ? (
                      // eslint-disable-next-line @next/next/no-img-element -- signed storage URLs
                      <img src={pick.thumbUrl} alt="" className="h-12 w-16 shrink-0 rounded object-cover" />
                    ) : (
                      <span className="flex h-12 w-16 shrink-0 items-center justify-center rounded bg-stone-900 text-xs text-white">
                        Video
                      </span>
                    )}
                    <div className="min-w-0 flex-1 basis-40">
                      <p className="flex flex-wrap items-center gap-1.5 text-sm font-medium text-stone-900">
                        {pick.name}
                        {version
                          ? pick.changes.map((change) => (
                              <Badge key={change} tone="warning">
                                {PICK_CHANGE_LABELS[change]}
                              </Badge>
                            ))
                          : null}
                      </p>
                      <p className="truncate text-xs text-stone-600">{pick.label ?? "Not altered"}</p>
                      {pick.blockers.map((reason) => (
                        <p key={reason} className="text-xs text-amber-900">
                          Not ready to publish: {reason}
                        </p>
                      ))}
                    </div>
                    <input
                      // Keyed by the result, not the caption: a refetch while someone types must not reset what they typed.
                      key={pick.outputId}
                      defaultValue={pick.caption ?? ""}
                      maxLength={200}
                      placeholder="Caption (optional)"
                      aria-label={`Caption of ${pick.name}`}
                      onBlur={(e) => e.target.value.trim() !== (pick.caption ?? "") && caption(pick.outputId, e.target.value)}
                      className="h-8 min-w-0 flex-1 basis-48 rounded-lg bg-white px-2 text-sm ring-1 ring-stone-300"
                    />
                    <div className="flex gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={saving || index === 0}
                        onClick={() => move(index, -1)}
                        aria-label={`Move ${pick.name} up`}
                      >
                        <ArrowUp className="size-4" aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={saving || index === data.picks.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={`Move ${pick.name} down`}
                      >
                        <ArrowDown className="size-4" aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={saving}
                        onClick={() => toggle(pick.outputId)}
                        aria-label={`Take ${pick.name} off the page`}
                      >
                        <X className="size-4" aria-hidden="true" />
                      </Button>
                    </div>
                  </li>
                ))}
              </ol>
            )}
            {zipReady ? (
              <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
                <a
                  href={`/api/studio/listing-zip?workspaceId=${workspace.id}&projectId=${projectId}`}
                  download
                  className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-accent-700 ring-1 ring-stone-300 hover:bg-accent-50"
                >
                  <Download className="size-4" aria-hidden="true" />
                  Download listing (zip)
                </a>
                {version
                  ? `Version ${version.number}, as published${pending ? " (without the unpublished changes)" : ""}.`
                  : "The draft, as a preview."}
              </p>
            ) : null}
          </section>

          <ListingDescription projectId={projectId} saved={data.description} generations={generations} onSaved={refresh} />
        </div>
      )}
      <ConfirmDialog
        open={confirmingUnpublish}
        onClose={() => setConfirmingUnpublish(false)}
        title="Unpublish the listing page?"
        confirmLabel="Unpublish"
        pending={unpublish.isPending}
        onConfirm={() => unpublish.mutate(input)}
      >
        <p>Anyone who opens it, on a listing site or from the remark, will find the page gone. Publishing again makes a new address.</p>
      </ConfirmDialog>
    </Panel>
  );
}

const PICK_CHANGE_LABELS: Record<PickChange, string> = { added: "New", moved: "Moved", caption: "Caption changed", image: "New image" };

/**
 * The description on the page: empty until the agent puts text here and saves it, so
 * neither the project's notes nor an unreviewed description run reaches the public.
 */
function ListingDescription({
  projectId,
  saved,
  generations,
  onSaved,
}: {
  projectId: string;
  saved: string | null;
  generations: GenerationView[];
  onSaved: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation(
    trpc.listings.setDescription.mutationOptions({
      onSuccess: async () => {
        setDraft(null);
        toast("Page description saved");
        await onSaved();
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const latest = generations.find((g) => g.kind === "description" && g.status === "completed");
  const latestText = latest
    ? (latest.revisions.at(-1)?.text ?? (typeof latest.result?.description === "string" ? latest.result.description : null))
    : null;
  const value = draft ?? saved ?? "";
  return (
    <form
      className="space-y-2"
      aria-label="Description on the page"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ workspaceId: workspace.id, projectId, description: value });
      }}
    >
      <TextAreaField
        label="Description on the page"
        value={value}
        onChange={(event) => setDraft(event.target.value)}
        rows={5}
        hint="Shown on the public page exactly as saved here; review it first. Leave empty for none."
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={save.isPending} disabled={draft === null}>
          Save description
        </Button>
        {latestText && latestText !== value ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => setDraft(latestText)}>
            Use the latest written description
          </Button>
        ) : null}
      </div>
    </form>
  );
}
