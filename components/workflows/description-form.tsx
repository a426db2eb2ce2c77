"use client";
import { useMutation } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { useOnce } from "@/components/trpc/use-once";
import { CostButton } from "@/components/credits/cost-button";
import { SelectField, TextAreaField, TextField } from "@/components/ui";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import { idLabel, LENGTHS, TONES } from "@/shared/generation-vocabulary";
import { LISTING_STATUS_LABELS, LISTING_TYPE_LABELS, PROPERTY_TYPE_LABELS } from "@/shared/studio-vocabulary";
import { FormError } from "./form-error";
import { PhotoPicker } from "./photo-picker";
import type { ProjectFacts, StudioPhoto } from "./types";
import { useRefreshGenerations } from "./use-generations";

const LANGUAGES = [
  { value: "en", label: "English" },
  { value: "es", label: "Spanish" },
  { value: "fr", label: "French" },
  { value: "de", label: "German" },
  { value: "it", label: "Italian" },
  { value: "pt", label: "Portuguese" },
  { value: "nl", label: "Dutch" },
];
const labelled = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Workflow 4: listing copy from chosen photos and the confirmed property data. */
export function DescriptionForm({ projectId, photos, facts }: { projectId: string; photos: StudioPhoto[]; facts: ProjectFacts }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const refresh = useRefreshGenerations(projectId);
  const [chosenPhotoIds, setPhotoIds] = useState<string[] | null>(null);
  // Until the person picks, the first six photos (including ones uploaded after the page opened).
  const photoIds = (chosenPhotoIds ?? photos.slice(0, 6).map((p) => p.id)).filter((id) => photos.some((p) => p.id === id));
  const [property, setProperty] = useState({
    ...facts,
    price: facts.price === null ? "" : String(facts.price),
    bedrooms: facts.bedrooms === null ? "" : String(facts.bedrooms),
    bathrooms: facts.bathrooms === null ? "" : String(facts.bathrooms),
    // The project's notes, one highlight per line, for the agent to confirm or trim.
    highlights: facts.notes
      .split(/\n+/)
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, 10)
      .join("\n"),
  });
  const [tone, setTone] = useState<(typeof TONES)[number]>("professional");
  const [length, setLength] = useState<(typeof LENGTHS)[number]>("medium");
  const [language, setLanguage] = useState("en");
  const start = useMutation(trpc.generations.describe.mutationOptions({ onSuccess: () => refresh() }));
  const startOnce = useOnce(start);
  const set = (field: keyof typeof property) => (event: { target: { value: string } }) => setProperty((p) => ({ ...p, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    startOnce({
      workspaceId: workspace.id,
      projectId,
      photoIds,
      property: {
        address: property.address,
        propertyType: property.propertyType,
        listingStatus: property.listingStatus,
        listingType: property.listingType,
        price: property.price === "" ? undefined : Number(property.price),
        bedrooms: property.bedrooms === "" ? undefined : Number(property.bedrooms),
        bathrooms: property.bathrooms === "" ? undefined : Number(property.bathrooms),
        highlights: property.highlights
          .split(/\n+/)
          .map((line) => line.trim())
          .filter(Boolean),
      },
      tone,
      length,
      language,
    });
  }

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Property description">
      <PhotoPicker mode="multiple" legend="Photos to describe" hint={`Pick 1 to 20 (${photoIds.length} picked). They are downsized before sending.`} photos={photos} value={photoIds} max={20} onChange={setPhotoIds} />
      <fieldset className="space-y-4">
        <legend className="text-sm font-medium text-stone-800">Confirm the property data</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField label="Address" value={property.address} onChange={set("address")} className="sm:col-span-2 lg:col-span-3" />
          <SelectField label="Property type" value={property.propertyType} onChange={set("propertyType")} options={labelled(PROPERTY_TYPE_LABELS)} />
          <SelectField label="Listing status" value={property.listingStatus} onChange={set("listingStatus")} options={labelled(LISTING_STATUS_LABELS)} />
          <SelectField label="Listing type" value={property.listingType} onChange={set("listingType")} options={labelled(LISTING_TYPE_LABELS)} />
          <TextField label="Price (USD)" type="number" min={0} inputMode="numeric" value={property.price} onChange={set("price")} hint="Optional, whole dollars." />
          <TextField label="Bedrooms" type="number" min={0} step={1} inputMode="numeric" value={property.bedrooms} onChange={set("bedrooms")} />
          <TextField label="Bathrooms" type="number" min={0} step={0.5} inputMode="decimal" value={property.bathrooms} onChange={set("bathrooms")} />
          <TextAreaField
            label="Highlights to mention"
            value={property.highlights}
            onChange={set("highlights")}
            rows={3}
            hint="One per line, stated as written (from the project's notes; remove anything private)."
            className="sm:col-span-2 lg:col-span-3"
          />
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Tone" value={tone} onChange={(e) => setTone(e.target.value as "warm")} options={TONES.map((t) => ({ value: t, label: idLabel(t) }))} />
        <SelectField label="Length" value={length} onChange={(e) => setLength(e.target.value as "short")} options={LENGTHS.map((l) => ({ value: l, label: idLabel(l) }))} />
        <SelectField label="Language" value={language} onChange={(e) => setLanguage(e.target.value)} options={LANGUAGES} />
      </div>
      <FormError message={start.error ? errorMessage(start.error) : null} />
      <CostButton cost={CREDIT_COSTS.propertyDescription} loading={start.isPending} disabled={photoIds.length === 0}>
        <FileText className="size-4" aria-hidden="true" />
        Write description
      </CostButton>
    </form>
  );
}
