"use client";
import { Layers } from "lucide-react";
import { useCallback, useMemo, useState, type FormEvent } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { PlanRequiredNote, usePlanAllows } from "@/components/billing/plan-required-note";
import { CostButton } from "@/components/credits/cost-button";
import { SelectField } from "@/components/ui";
import { CREDIT_COSTS, creditsLabel, multiviewCost } from "@/shared/credit-costs";
import { INTENSITY, MULTIVIEW_OTHER_VIEWS, type RoomType, type Style } from "@/shared/vocabulary";
import { FormError } from "./form-error";
import { IntensityField } from "./intensity-field";
import { KeepAreasPanel } from "./keep-areas-panel";
import { ROOM_OPTIONS, STYLE_OPTIONS } from "./options";
import { PhotoPicker } from "./photo-picker";
import type { StudioPhoto } from "./types";
import { useStartRun } from "./use-start-run";

/** Workflow 2: one room from several angles, staged consistently with an anchor view. */
export function MultiviewForm({ projectId, photos }: { projectId: string; photos: StudioPhoto[] }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const planAllows = usePlanAllows();
  const [chosenAnchor, setAnchor] = useState<string | null>(null);
  const anchor = photos.some((p) => p.id === chosenAnchor) ? chosenAnchor : (photos[0]?.id ?? null);
  const [views, setViews] = useState<string[]>([]);
  const [roomType, setRoomType] = useState<RoomType>("living_room");
  const [style, setStyle] = useState<Style>("scandinavian");
  const [intensity, setIntensity] = useState<number>(INTENSITY.redesign);
  const [keeping, setKeeping] = useState(false);
  const { mutation, start } = useStartRun(
    "multiview",
    projectId,
    trpc.generations.multiview.mutationOptions({ onSuccess: () => setViews([]) }),
  );
  // Stable props, so the memoized pickers skip the re-render of a click on the button.
  const chooseAnchor = useCallback((id: string) => {
    setAnchor(id);
    setViews((current) => current.filter((v) => v !== id));
  }, []);
  const notViews = useMemo(() => (anchor ? [anchor] : []), [anchor]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!anchor || views.length === 0) return;
    start({ workspaceId: workspace.id, projectId, anchorPhotoId: anchor, viewPhotoIds: views, roomType, style, intensity });
  }

  if (photos.length < 2) {
    return <p className="text-sm text-stone-600">Upload at least two photos of the same room to render a multi-view set.</p>;
  }
  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Multi-view set">
      <PhotoPicker
        mode="single"
        legend="Anchor view"
        hint="Staged first; the other views follow its furniture and style."
        photos={photos}
        value={anchor}
        onChange={chooseAnchor}
      />
      <PhotoPicker
        mode="multiple"
        legend="Other views of the same room"
        hint={`Pick ${MULTIVIEW_OTHER_VIEWS.min} to ${MULTIVIEW_OTHER_VIEWS.max} (${views.length} picked).`}
        photos={photos}
        value={views}
        max={MULTIVIEW_OTHER_VIEWS.max}
        disabledIds={notViews}
        onChange={setViews}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Room type" value={roomType} onValueChange={setRoomType} options={ROOM_OPTIONS} />
        <SelectField label="Style" value={style} onValueChange={setStyle} options={STYLE_OPTIONS} />
      </div>
      <IntensityField value={intensity} onChange={setIntensity} />
      <KeepAreasPanel photos={[anchor, ...views].flatMap((id) => photos.filter((p) => p.id === id))} onBusyChange={setKeeping} />
      <p className="text-xs text-stone-600">
        {creditsLabel(CREDIT_COSTS.multiviewAnchor)} for the anchor and {creditsLabel(CREDIT_COSTS.multiviewSibling)} for each other view as
        it starts.
      </p>
      <PlanRequiredNote feature="multiview" />
      <FormError message={mutation.error ? errorMessage(mutation.error) : null} />
      <CostButton
        cost={multiviewCost(views.length + 1)}
        loading={mutation.isPending}
        disabled={!planAllows || !anchor || views.length === 0 || keeping}
      >
        <Layers className="size-4" aria-hidden="true" />
        {views.length === 0 ? "Render the set" : `Render ${views.length + 1} views`}
      </CostButton>
    </form>
  );
}
