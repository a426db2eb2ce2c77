"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Layers } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useRefreshCredits } from "@/components/credits/use-credits";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { useOnce } from "@/components/trpc/use-once";
import { Button, SelectField } from "@/components/ui";
import { ResizedImage } from "@/components/ui/resized-image";
import { useHydrated } from "@/components/ui/use-hydrated";
import { FormError } from "@/components/workflows/form-error";
import { IntensityField } from "@/components/workflows/intensity-field";
import { KeepAreasPanel } from "@/components/workflows/keep-areas-panel";
import { ROOM_OPTIONS, STYLE_OPTIONS } from "@/components/workflows/options";
import { ProviderNotice } from "@/components/workflows/provider-notice";
import type { StudioPhoto } from "@/components/workflows/types";
import { ROOM_TYPE_SOURCE_HINTS, type RoomType, type Style } from "@/shared/vocabulary";
import { creditsLabel, listingBatchCost, quotaUnitsLabel, shortOfCreditsMessage, shortOfQuotaMessage } from "@/shared/credit-costs";
import { useRefreshBatches } from "./use-batches";

/** A photo nothing suggested a room for: the select asks, and the batch waits for the answer. */
const ROOM_CHOICES = [{ value: "" as const, label: "Choose a room type…" }, ...ROOM_OPTIONS];

/**
 * "Stage all photos of this listing": one style, intensity and seed for every photo (so
 * the furniture matches), a room type per photo suggested from the photo (its pixels, its
 * file name or a description's analysis; asked where none tells: never assumed), and
 * the total on the button before the click; off, with the reason, when the month's
 * quota or the balance cannot take every photo (the server refuses the same).
 */
export function ListingBatchForm({
  projectId,
  photos,
  stagingProvider,
}: {
  projectId: string;
  photos: StudioPhoto[];
  stagingProvider: string;
}) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const refresh = useRefreshBatches(projectId);
  const noteId = useId();
  const [style, setStyle] = useState<Style>("scandinavian");
  const [intensity, setIntensity] = useState(0.6);
  const [chosen, setChosen] = useState<Record<string, RoomType>>({});
  // Every photo is in until the agent leaves it out (a floor plan, the street, a duplicate).
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const [keeping, setKeeping] = useState(false);
  const included = photos.filter((photo) => !excluded.has(photo.id));
  const toggleExcluded = (photoId: string) =>
    setExcluded((current) => {
      const next = new Set(current);
      if (!next.delete(photoId)) next.add(photoId);
      return next;
    });
  const suggestions = useQuery(trpc.batches.suggestRoomTypes.queryOptions({ workspaceId: workspace.id, projectId }));
  const account = useQuery({ ...trpc.usage.quota.queryOptions({ workspaceId: workspace.id }), staleTime: 5_000 });
  const refreshCredits = useRefreshCredits();
  // A refusal means the balance or quota shown is stale: read both again.
  const start = useMutation(trpc.batches.start.mutationOptions({ onSuccess: () => refresh(), onError: () => refreshCredits() }));
  const startOnce = useOnce(start);

  const suggestion = (photoId: string) => suggestions.data?.find((s) => s.photoId === photoId);
  const roomOf = (photoId: string): RoomType | null => chosen[photoId] ?? suggestion(photoId)?.roomType ?? null;
  const unanswered = included.filter((photo) => roomOf(photo.id) === null).length;
  const hintOf = (photoId: string) => {
    if (chosen[photoId]) return undefined;
    const source = suggestion(photoId)?.source;
    return source ? ROOM_TYPE_SOURCE_HINTS[source] : suggestions.isSuccess ? "Not known from the photo: choose one" : undefined;
  };
  const cost = listingBatchCost(included.length);
  // Only once hydrated: the server's HTML has no balance (components/credits/use-credits.ts).
  const hydrated = useHydrated();
  const quota = hydrated && account.data?.ok ? account.data : null;
  const quotaLeft = quota ? Math.max(0, quota.quota - quota.usedThisMonth) : null;
  const shortNote =
    unanswered > 0
      ? `Choose the room type of ${unanswered} ${unanswered === 1 ? "photo" : "photos"} (or leave ${unanswered === 1 ? "it" : "them"} out) to stage the listing.`
      : quota?.creditBalance != null && quota.creditBalance < cost.credits
        ? shortOfCreditsMessage(cost.credits, quota.creditBalance)
        : quotaLeft !== null && quotaLeft < cost.quotaUnits
          ? shortOfQuotaMessage(cost.quotaUnits, quotaLeft)
          : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const photosToStage = included.flatMap((photo) => {
      const roomType = roomOf(photo.id);
      return roomType ? [{ photoId: photo.id, roomType }] : [];
    });
    if (photosToStage.length !== included.length) return;
    startOnce({ workspaceId: workspace.id, projectId, style, intensity, photos: photosToStage });
  }

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Stage all photos of this listing">
      <ProviderNotice provider={stagingProvider} />
      <p className="text-sm text-stone-700">
        Every photo is staged in one style with one seed, so the furniture matches from room to room. Check the room type of each photo, and
        leave out any that should not be staged.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Style for the whole listing" value={style} onValueChange={setStyle} options={STYLE_OPTIONS} />
        <IntensityField value={intensity} onChange={setIntensity} />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-stone-800">
          Room type of each photo · {included.length} of {photos.length} included
        </legend>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photos to stage">
          {photos.map((photo) => (
            <li
              key={photo.id}
              className={`flex min-w-0 items-center gap-3 rounded-lg p-2 ring-1 ring-stone-200 ${excluded.has(photo.id) ? "opacity-60" : ""}`}
            >
              <label className="flex shrink-0 flex-col items-center gap-1 text-xs text-stone-700">
                <ResizedImage image={photo} alt="" sizes="64px" className="size-16 rounded-md object-cover" />
                <span className="inline-flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={!excluded.has(photo.id)}
                    onChange={() => toggleExcluded(photo.id)}
                    className="size-4 accent-accent-600"
                    aria-label={`Include ${photo.fileName}`}
                  />
                  Include
                </span>
              </label>
              <SelectField
                disabled={excluded.has(photo.id)}
                className="min-w-0 flex-1"
                label={
                  <span className="block truncate">
                    <span className="sr-only">Room type of </span>
                    {photo.fileName}
                  </span>
                }
                value={roomOf(photo.id) ?? ""}
                onValueChange={(roomType) => roomType && setChosen({ ...chosen, [photo.id]: roomType })}
                options={roomOf(photo.id) ? ROOM_OPTIONS : ROOM_CHOICES}
                hint={hintOf(photo.id)}
              />
            </li>
          ))}
        </ul>
      </fieldset>
      <KeepAreasPanel photos={included} onBusyChange={setKeeping} />
      <FormError message={start.error ? errorMessage(start.error) : null} />
      {shortNote ? (
        <p id={noteId} role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {shortNote}
        </p>
      ) : null}
      <Button
        type="submit"
        className="h-auto min-h-10 flex-wrap py-2"
        loading={start.isPending}
        disabled={included.length === 0 || shortNote !== null || keeping}
        aria-describedby={shortNote ? noteId : undefined}
      >
        <Layers className="size-4" aria-hidden="true" />
        {included.length === photos.length ? `Stage all ${photos.length}` : `Stage ${included.length}`}{" "}
        {included.length === 1 ? "photo" : "photos"}
        <span className="font-normal opacity-90">
          · {quotaUnitsLabel(cost.quotaUnits)} · {cost.credits > 0 ? creditsLabel(cost.credits) : "no credits"}
        </span>
      </Button>
    </form>
  );
}
