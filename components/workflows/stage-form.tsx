"use client";
import { Sparkles } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { CostButton } from "@/components/credits/cost-button";
import { SelectField } from "@/components/ui";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import { INTENSITY, needsColor, needsStyle, type RedesignType, type RoomType, type Style } from "@/shared/vocabulary";
import { ColorField } from "./color-field";
import { FormError } from "./form-error";
import { IntensityField } from "./intensity-field";
import { KeepAreasPanel } from "./keep-areas-panel";
import { MlsVerdictNote, useMlsAllowedOptions, useMlsVerdict } from "./mls-verdict-note";
import { REDESIGN_OPTIONS, ROOM_OPTIONS, STYLE_OPTIONS } from "./options";
import { PhotoPicker } from "./photo-picker";
import { ProviderNotice } from "./provider-notice";
import type { StudioPhoto } from "./types";
import { useStartRun } from "./use-start-run";

/** Workflow 1: stage (or declutter, restyle, repaint) one photo. */
export function StageForm({
  projectId,
  photos,
  photoId,
  onPhotoChange,
  stagingProvider,
}: {
  projectId: string;
  photos: StudioPhoto[];
  photoId: string | null;
  onPhotoChange: (id: string) => void;
  /** The deployment's redesign provider (PROVIDER_REDESIGN), named where staging starts (D14). */
  stagingProvider: string;
}) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const [redesignType, setRedesignType] = useState<RedesignType>("staging");
  const [roomType, setRoomType] = useState<RoomType>("living_room");
  const [style, setStyle] = useState<Style>("scandinavian");
  const [color, setColor] = useState("sage_green");
  const [intensity, setIntensity] = useState<number>(INTENSITY.redesign);
  const [variations, setVariations] = useState("one");
  const [keeping, setKeeping] = useState(false);
  const { mutation: stage, start } = useStartRun("staging", projectId, trpc.generations.stage.mutationOptions());
  const mls = useMlsVerdict(redesignType, roomType);
  const redesignOptions = useMlsAllowedOptions(REDESIGN_OPTIONS, roomType);
  // A choice the rules refuse for the room picked since falls back to staging.
  if (!redesignOptions.some((option) => option.value === redesignType) && redesignType !== "staging") setRedesignType("staging");

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!photoId) return;
    start({
      workspaceId: workspace.id,
      projectId,
      photoId,
      redesignType,
      roomType,
      style: needsStyle(redesignType) ? style : undefined,
      color: needsColor(redesignType) ? color : undefined,
      intensity,
      fast: variations === "one",
    });
  }

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Stage a photo">
      <ProviderNotice provider={stagingProvider} />
      <PhotoPicker mode="single" legend="Photo to stage" photos={photos} value={photoId} onChange={onPhotoChange} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField label="What to do" value={redesignType} onValueChange={setRedesignType} options={redesignOptions} />
        <SelectField label="Room type" value={roomType} onValueChange={setRoomType} options={ROOM_OPTIONS} />
        {needsStyle(redesignType) ? <SelectField label="Style" value={style} onValueChange={setStyle} options={STYLE_OPTIONS} /> : null}
        <SelectField
          label="Variations"
          value={variations}
          onValueChange={setVariations}
          options={[
            { value: "one", label: "One (fastest)" },
            { value: "plan", label: "As many as the plan gives" },
          ]}
        />
      </div>
      {needsColor(redesignType) ? <ColorField value={color} onChange={setColor} /> : null}
      <IntensityField value={intensity} onChange={setIntensity} />
      <KeepAreasPanel photos={photos.filter((p) => p.id === photoId)} onBusyChange={setKeeping} />
      <MlsVerdictNote {...mls} />
      <FormError message={stage.error ? errorMessage(stage.error) : null} />
      <CostButton cost={CREDIT_COSTS.job} loading={stage.isPending} disabled={!photoId || mls.verdict.allowed === "no" || keeping}>
        <Sparkles className="size-4" aria-hidden="true" />
        Stage photo
      </CostButton>
    </form>
  );
}
