"use client";
import { useMutation } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Download, ExternalLink, Globe, GlobeLock, X } from "lucide-react";
import { useEffect, useState } from "react";
import { canManage, useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { useOnce } from "@/components/trpc/use-once";
import { Badge, Button, ConfirmDialog, Panel, Skeleton, TextAreaField } from "@/components/ui";
import { useToast } from "@/components/ui/toast";
import { CopyButton } from "./copy-button";
import type { GenerationView } from "./types";
import { useListing } from "./use-listing";

/**
 * The project's public listing page, as the agent means it: which results it shows (none
 * until picked with "Add to listing"), in what order, with what captions, numbered as the
 * MLS remark and the zip number them; the description on it; and publishing, which is
 * always a deliberate step. Unpublishing is for owners and admins.
 */
export function ListingPagePanel({ projectId, generations }: { projectId: string; generations: GenerationView[] }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const toast = useToast();
  const { listing, refresh, move, toggle, caption, saving } = useListing(projectId);
  const input = { workspaceId: workspace.id, projectId };
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const publish = useMutation(
    trpc.listings.publish.mutationOptions({
      onSuccess: () => {
        toast("Listing page published");
        return refresh();
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const publishOnce = useOnce(publish);
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
  const photoCount = data?.picks.filter((pick) => pick.medium === "photo").length ?? 0;

  return (
    <Panel
      title="Listing page"
      description="A public page with the results you pick, each altered image beside its unaltered original and labelled with what was done (MLS rules, California AB 723). Nothing is public until you publish."
    >
      {!data ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <div className="space-y-6" data-testid="listing-page-panel">
          <div className="space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              {url ? <Badge tone="success">Published</Badge> : <Badge tone="neutral">Not published</Badge>}
              <span className="text-sm text-stone-600">
                {data.picks.length === 0 ? "No results picked yet." : `${data.picks.length} picked result${data.picks.length === 1 ? "" : "s"}.`}
              </span>
            </div>
            {url ? (
              <>
                <label className="block text-sm font-medium text-stone-800" htmlFor="share-url">
                  Page link
                </label>
                <input id="share-url" readOnly value={url} className="block w-full min-w-0 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-800 ring-1 ring-stone-300" onFocus={(e) => e.target.select()} />
                <div className="flex flex-wrap gap-2">
                  <CopyButton text={url} label="Copy link" />
                  <a href={url} target="_blank" rel="noreferrer" className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-accent-700 hover:bg-accent-50">
                    <ExternalLink className="size-4" aria-hidden="true" />
                    Open page
                  </a>
                  {canManage(workspace) ? (
                    <Button variant="ghost" size="sm" onClick={() => setConfirmingUnpublish(true)}>
                      <GlobeLock className="size-4" aria-hidden="true" />
                      Unpublish
                    </Button>
                  ) : null}
                </div>
              </>
            ) : (
              <div className="space-y-2">
                <Button variant="secondary" loading={publish.isPending} onClick={() => publishOnce({ ...input, reviewed: data.fingerprint })}>
                  <Globe className="size-4" aria-hidden="true" />
                  Publish listing page
                </Button>
                {data.picks.length === 0 ? <p className="text-sm text-stone-600">With nothing picked, the page shows only the property&apos;s facts and description.</p> : null}
              </div>
            )}
          </div>

          <section aria-labelledby="picked-heading" className="space-y-3">
            <h3 id="picked-heading" className="text-sm font-semibold text-stone-900">
              On the page, in this order
            </h3>
            {data.picks.length === 0 ? (
              <p className="text-sm text-stone-600">Use “Add to listing” on a result below to put it on the page.</p>
            ) : (
              <ol className="space-y-2" aria-label="Picked results">
                {data.picks.map((pick, index) => (
                  <li key={pick.outputId} className="flex flex-wrap items-center gap-3 rounded-lg p-2 ring-1 ring-stone-200" data-testid="listing-pick">
                    {pick.thumbUrl ? (
                      // eslint-disable-next-line @next/next/no-img-element -- signed storage URLs
                      <img src={pick.thumbUrl} alt="" className="h-12 w-16 shrink-0 rounded object-cover" />
                    ) : (
                      <span className="flex h-12 w-16 shrink-0 items-center justify-center rounded bg-stone-900 text-xs text-white">Video</span>
                    )}
                    <div className="min-w-0 flex-1 basis-40">
                      <p className="text-sm font-medium text-stone-900">{pick.name}</p>
                      <p className="truncate text-xs text-stone-600">{pick.label ?? "Not altered"}</p>
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
                      <Button variant="ghost" size="sm" disabled={saving || index === 0} onClick={() => move(index, -1)} aria-label={`Move ${pick.name} up`}>
                        <ArrowUp className="size-4" aria-hidden="true" />
                      </Button>
                      <Button variant="ghost" size="sm" disabled={saving || index === data.picks.length - 1} onClick={() => move(index, 1)} aria-label={`Move ${pick.name} down`}>
                        <ArrowDown className="size-4" aria-hidden="true" />
                      </Button>
                      <Button variant="ghost" size="sm" disabled={saving} onClick={() => toggle(pick.outputId)} aria-label={`Take ${pick.name} off the page`}>
                        <X className="size-4" aria-hidden="true" />
                      </Button>
                    </div>
                  </li>
                ))}
              </ol>
            )}
            {photoCount > 0 ? (
              <a
                href={`/api/studio/listing-zip?workspaceId=${workspace.id}&projectId=${projectId}`}
                download
                className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-accent-700 ring-1 ring-stone-300 hover:bg-accent-50"
              >
                <Download className="size-4" aria-hidden="true" />
                Download listing (zip)
              </a>
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

/**
 * The description on the page: empty until the agent puts text here and saves it, so
 * neither the project's notes nor an unreviewed description run reaches the public.
 */
function ListingDescription({ projectId, saved, generations, onSaved }: { projectId: string; saved: string | null; generations: GenerationView[]; onSaved: () => Promise<unknown> }) {
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
  const latestText = latest ? (latest.revisions.at(-1)?.text ?? (typeof latest.result?.description === "string" ? latest.result.description : null)) : null;
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
