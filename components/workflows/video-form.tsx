"use client";
import { Clapperboard } from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { PlanRequiredNote, usePlanAllows } from "@/components/billing/plan-required-note";
import { CostButton } from "@/components/credits/cost-button";
import { SelectField } from "@/components/ui";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import { needsEndImage, takesEndImage, type VideoMode } from "@/shared/vocabulary";
import { FormError } from "./form-error";
import { VIDEO_MODE_OPTIONS } from "./options";
import { PhotoPicker } from "./photo-picker";
import type { GenerationView, StudioPhoto } from "./types";
import { useStartRun } from "./use-start-run";

const MODE_HINTS: Record<VideoMode, string> = {
  before_after: "Wipes from the start image to the end image (e.g. empty room → staged).",
  flyover: "A slow drift across the photo.",
  zoom_in: "A gentle push into the room.",
  pan: "A side-to-side pan.",
  reveal: "Reveals an optional end image over the start image.",
};

/** Finished image results of the project, as pickable images beside the photos. */
function resultImages(generations: GenerationView[]): StudioPhoto[] {
  return generations.flatMap((g) =>
    g.outputs
      .filter((o) => o.status === "completed" && o.url && o.contentType?.startsWith("image/"))
      .map((o) => ({ id: o.id, fileName: `${g.kind === "staging" ? "Staged" : "Result"} ${o.position + 1} (${new Date(g.createdAt).toLocaleString()})`, url: o.url!, ...o.resized, width: 4, height: 3 })),
  );
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
  const results = useMemo(() => resultImages(generations), [generations]);
  const choices = useMemo(() => [...photos, ...results], [photos, results]);
  const image = choices.some((c) => c.id === chosenImage) ? chosenImage : (photos[0]?.id ?? null);
  const ref = (id: string) => (results.some((r) => r.id === id) ? { type: "output" as const, id } : { type: "photo" as const, id });
  const tailUsed = takesEndImage(mode);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!image) return;
    start({ workspaceId: workspace.id, projectId, mode, image: ref(image), tailImage: tailUsed && tail ? ref(tail) : undefined });
  }

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Video">
      <SelectField label="Mode" value={mode} onValueChange={setMode} options={VIDEO_MODE_OPTIONS} hint={MODE_HINTS[mode]} className="max-w-sm" />
      <PhotoPicker mode="single" legend="Start image" photos={choices} value={image} onChange={setImage} />
      {tailUsed ? (
        <PhotoPicker
          mode="single"
          legend={needsEndImage(mode) ? "End image (required)" : "End image (optional)"}
          hint={results.length ? "Photos first, then finished results of this project." : "Finished results of this project will also appear here."}
          photos={choices}
          value={tail}
          onChange={setTail}
        />
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
