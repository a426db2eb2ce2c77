"use client";
import { Wand2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { CostButton } from "@/components/credits/cost-button";
import { optionsOf, SelectField } from "@/components/ui";
import { CREDIT_COSTS, creditsLabel, INPAINT_UPSCALE_COST } from "@/shared/credit-costs";
import {
  inpaintOperation,
  INPAINTING_TYPES,
  RENDER_TYPES,
  type InpaintingType,
  type RenderType,
  type RoomType,
  type Style,
} from "@/shared/vocabulary";
import { FormError } from "./form-error";
import { MlsVerdictNote, useMlsVerdict } from "./mls-verdict-note";
import { MaskPainter } from "./mask-painter";
import { ROOM_OPTIONS, STYLE_OPTIONS } from "./options";
import { PhotoPicker } from "./photo-picker";
import type { StudioPhoto } from "./types";
import { useStartRun } from "./use-start-run";

/** Workflow 3: paint a mask, then one click runs inpaint → upscale durably. */
export function InpaintForm({
  projectId,
  photos,
  photoId,
  onPhotoChange,
}: {
  projectId: string;
  photos: StudioPhoto[];
  photoId: string | null;
  onPhotoChange: (id: string) => void;
}) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const [mask, setMask] = useState<string | null>(null);
  const [inpaintingType, setInpaintingType] = useState<InpaintingType>("remove");
  const [renderType, setRenderType] = useState<RenderType>("interior");
  const [roomType, setRoomType] = useState<RoomType>("living_room");
  const [style, setStyle] = useState<Style>("modern");
  const { mutation, start } = useStartRun("inpaint_upscale", projectId, trpc.generations.inpaintUpscale.mutationOptions());
  const mls = useMlsVerdict(inpaintOperation(inpaintingType), renderType);
  const photo = photos.find((p) => p.id === photoId) ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!photo || !mask) return;
    start({
      workspaceId: workspace.id,
      projectId,
      photoId: photo.id,
      maskDataUrl: mask,
      inpaintingType,
      renderType,
      roomType: inpaintingType === "replace" ? roomType : undefined,
      style: inpaintingType === "replace" ? style : undefined,
    });
  }

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Edit and upscale">
      <PhotoPicker mode="single" legend="Photo to edit" photos={photos} value={photoId} onChange={onPhotoChange} />
      {photo ? (
        <MaskPainter
          image={photo}
          imageAlt={`${photo.fileName}, to paint a mask on`}
          width={photo.width}
          height={photo.height}
          onMaskChange={setMask}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Painted area"
          value={inpaintingType}
          onValueChange={setInpaintingType}
          options={optionsOf(INPAINTING_TYPES, { remove: "Remove what is there", replace: "Replace with new furnishing" })}
        />
        <SelectField label="Scene" value={renderType} onValueChange={setRenderType} options={optionsOf(RENDER_TYPES)} />
        {inpaintingType === "replace" ? (
          <>
            <SelectField label="Room type" value={roomType} onValueChange={setRoomType} options={ROOM_OPTIONS} />
            <SelectField label="Style" value={style} onValueChange={setStyle} options={STYLE_OPTIONS} />
          </>
        ) : null}
      </div>
      <p className="text-xs text-stone-600">
        Runs inpaint ({creditsLabel(CREDIT_COSTS.inpaint)}), then upscales the result to twice the size (
        {creditsLabel(CREDIT_COSTS.upscale)}). Both images are kept.
      </p>
      <MlsVerdictNote {...mls} />
      <FormError message={mutation.error ? errorMessage(mutation.error) : null} />
      <CostButton cost={INPAINT_UPSCALE_COST} loading={mutation.isPending} disabled={!photo || !mask || mls.verdict.allowed === "no"}>
        <Wand2 className="size-4" aria-hidden="true" />
        Inpaint and upscale
      </CostButton>
      {photo && !mask ? <p className="text-xs text-stone-600">Paint over the area to change to continue.</p> : null}
    </form>
  );
}
