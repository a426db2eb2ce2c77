"use client";
import { Clapperboard } from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { PlanRequiredNote, usePlanAllows } from "@/components/billing/plan-required-note";
import { CostButton } from "@/components/credits/cost-button";
import { SelectField } from "@/components/ui";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import { GENERATION_KIND_LABELS, idLabel, needsEndImage, takesEndImage, type VideoMode } from "@/shared/vocabulary";
import { useBatches } from "@/components/batches/use-batches";
import type { BatchView } from "@/server/studio/batches/list-batches";
import { FormError } from "./form-error";
import { VIDEO_MODE_OPTIONS } from "./options";
import { PhotoPicker } from "./photo-picker";
import type { GenerationView, LabelledImage, StudioPhoto } from "./types";
import { useStartRun } from "./use-start-run";

const MODE_HINTS: Record<VideoMode, string> = {
  before_after: "Wipes from the start image to the end image (e.g. empty room → staged).",
  flyover: "A slow drift across the photo.",
  zoom_in: "A gentle push into the room.",
  pan: "A side-to-side pan.",
  reveal: "Reveals an optional end image over the start image.",
};

/** What a result is, in the words of its label: "Style preview — Scandinavian", "Digitally altered: items removed". */
function resultKind(generation: Pick<GenerationView, "kind" | "params">, disclosureLabel: string | null): string {
  const style = typeof generation.params.style === "string" ? generation.params.style : null;
  return [disclosureLabel ?? GENERATION_KIND_LABELS[generation.kind], style ? idLabel(style) : null].filter(Boolean).join(" — ");
}

/** Finished image results of the project, single runs and whole-listing batches alike, as pickable images beside the photos. */
function resultImages(generations: GenerationView[], batches: BatchView[]): LabelledImage[] {
  const single = generations.flatMap((g) =>
    g.outputs
      .filter((o) => o.status === "completed" && o.url && o.contentType?.startsWith("image/"))
      .map((o) => ({
        id: o.id,
        kind: resultKind(g, o.disclosure.label),
        fileName: o.sourceName ? `of ${o.sourceName}` : `Result ${o.position + 1}`,
        roomPhotoId: o.sourcePhotoId ?? g.photoId,
        url: o.url!,
        ...o.resized,
        width: 4,
        height: 3,
      })),
  );
  const batched = batches.flatMap((batch) =>
    batch.photos.flatMap((photo) =>
      photo.output?.url
        ? [
            {
              id: photo.output.id,
              kind: resultKind({ kind: "staging", params: { style: batch.style } }, photo.output.disclosure.label),
              fileName: `of ${photo.fileName}`,
              roomPhotoId: photo.photoId,
              url: photo.output.url,
              ...photo.output.resized,
              width: 4,
              height: 3,
            },
          ]
        : [],
    ),
  );
  return [...single, ...batched];
}

/** A five-second video from a photo, optionally ending on a photo or a result. */
export function VideoForm({ projectId, photos, generations }: { projectId: string; photos: StudioPhoto[]; generations: GenerationView[] }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const planAllows = usePlanAllows();
  const [mode, setMode] = useState<VideoMode>("before_after");
  const [chosenImage, setImage] = useState<string | null>(null);
  const [tail, setTail] = useState<string | null>(null);
  const { mutation, start } = useStartRun("video", projectId, trpc.generations.video.mutationOptions());
  // Kept between renders, so the memoized pickers skip the re-render of a click on the button.
  const batches = useBatches(projectId);
  const results = useMemo(() => resultImages(generations, batches.data ?? []), [generations, batches.data]);
  const choices = useMemo<LabelledImage[]>(
    () => [...photos.map((photo) => ({ ...photo, kind: "Photo", roomPhotoId: photo.id })), ...results],
    [photos, results],
  );
  const image = choices.some((c) => c.id === chosenImage) ? chosenImage : (photos[0]?.id ?? null);
  const ref = (id: string) => (results.some((r) => r.id === id) ? { type: "output" as const, id } : { type: "photo" as const, id });
  const tailUsed = takesEndImage(mode);
  // A before/after is one room: say so when the two images show different photos' rooms.
  const startImage = choices.find((c) => c.id === image);
  const endImage = tailUsed ? choices.find((c) => c.id === tail) : undefined;
  const roomName = (c: LabelledImage) => photos.find((p) => p.id === c.roomPhotoId)?.fileName ?? c.fileName;
  const differentRooms = startImage?.roomPhotoId && endImage?.roomPhotoId && startImage.roomPhotoId !== endImage.roomPhotoId;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!image) return;
    start({ workspaceId: workspace.id, projectId, mode, image: ref(image), tailImage: tailUsed && tail ? ref(tail) : undefined });
  }

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Video">
      <SelectField
        label="Mode"
        value={mode}
        onValueChange={setMode}
        options={VIDEO_MODE_OPTIONS}
        hint={MODE_HINTS[mode]}
        className="max-w-sm"
      />
      <PhotoPicker mode="single" legend="Start image" photos={choices} value={image} onChange={setImage} />
      {tailUsed ? (
        <PhotoPicker
          mode="single"
          legend={needsEndImage(mode) ? "End image (required)" : "End image (optional)"}
          hint={
            results.length
              ? "Photos first, then finished results of this project, whole-listing batches included."
              : "Finished results of this project will also appear here."
          }
          photos={choices}
          value={tail}
          onChange={setTail}
        />
      ) : null}
      {differentRooms ? (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The start and end images show different rooms ({roomName(startImage)} and {roomName(endImage)}): a before/after usually shows one
          room changing. Pick images of the same photo unless that is what you want.
        </p>
      ) : null}
      <p className="text-xs text-stone-600">A 5-second MP4; its credits are refunded if rendering fails.</p>
      <PlanRequiredNote feature="video" />
      <FormError message={mutation.error ? errorMessage(mutation.error) : null} />
      <CostButton cost={CREDIT_COSTS.video} loading={mutation.isPending} disabled={!planAllows || !image || (needsEndImage(mode) && !tail)}>
        <Clapperboard className="size-4" aria-hidden="true" />
        Render video
      </CostButton>
    </form>
  );
}
