"use client";
import { FileText } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { CostButton } from "@/components/credits/cost-button";
import { optionsFrom, optionsOf, SelectField, TextAreaField, TextField } from "@/components/ui";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import {
  COPY_LANGUAGES,
  DESCRIPTION_DEFAULTS,
  DESCRIPTION_LIMITS as LIMITS,
  LISTING_STATUS_LABELS,
  type CopyLanguage,
  LISTING_TYPE_LABELS,
  PROPERTY_TYPE_LABELS,
  type Length,
  type Tone,
} from "@/shared/vocabulary";
import { FormError } from "./form-error";
import { LENGTH_OPTIONS, TONE_OPTIONS } from "./options";
import { PhotoPicker } from "./photo-picker";
import type { ProjectFacts, StudioPhoto } from "./types";
import { useStartRun } from "./use-start-run";

const LANGUAGE_OPTIONS = optionsOf(COPY_LANGUAGES, {
  en: "English",
  es: "Spanish",
  fr: "French",
  de: "German",
  it: "Italian",
  pt: "Portuguese",
  nl: "Dutch",
});

/** Workflow 4: listing copy from chosen photos and the confirmed property data. */
export function DescriptionForm({ projectId, photos, facts }: { projectId: string; photos: StudioPhoto[]; facts: ProjectFacts }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const [chosenPhotoIds, setPhotoIds] = useState<string[] | null>(null);
  // Until the person picks, the first six photos (including ones uploaded after the page opened).
  const photoIds = (chosenPhotoIds ?? photos.slice(0, 6).map((p) => p.id)).filter((id) => photos.some((p) => p.id === id));
  const [property, setProperty] = useState({
    ...facts,
    price: facts.price === null ? "" : String(facts.price),
    bedrooms: facts.bedrooms === null ? "" : String(facts.bedrooms),
    bathrooms: facts.bathrooms === null ? "" : String(facts.bathrooms),
    // Empty: the project's notes are private to the team and never prefill public copy.
    highlights: "",
  });
  const [tone, setTone] = useState<Tone>(DESCRIPTION_DEFAULTS.tone);
  const [length, setLength] = useState<Length>(DESCRIPTION_DEFAULTS.length);
  const [language, setLanguage] = useState<CopyLanguage>(DESCRIPTION_DEFAULTS.language);
  const router = useRouter();
  // The confirmed data is now the project's (its price, rooms…): the page header shows it.
  const { mutation, start } = useStartRun(
    "description",
    projectId,
    trpc.generations.describe.mutationOptions({ onSuccess: () => router.refresh() }),
  );
  const set = (field: keyof typeof property) => (event: { target: { value: string } }) =>
    setProperty((p) => ({ ...p, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    start({
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
      <PhotoPicker
        mode="multiple"
        legend="Photos to describe"
        hint={`Pick ${LIMITS.images.min} to ${LIMITS.images.max} (${photoIds.length} picked). They are downsized before sending.`}
        photos={photos}
        value={photoIds}
        max={LIMITS.images.max}
        onChange={setPhotoIds}
      />
      <fieldset className="space-y-4">
        <legend className="text-sm font-medium text-stone-800">Confirm the property data</legend>
        <p className="text-xs text-stone-600">What you confirm here is saved to the project too.</p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField label="Address" value={property.address} onChange={set("address")} className="sm:col-span-2 lg:col-span-3" />
          <SelectField
            label="Property type"
            value={property.propertyType}
            onChange={set("propertyType")}
            options={optionsFrom(PROPERTY_TYPE_LABELS)}
          />
          <SelectField
            label="Listing status"
            value={property.listingStatus}
            onChange={set("listingStatus")}
            options={optionsFrom(LISTING_STATUS_LABELS)}
          />
          <SelectField
            label="Listing type"
            value={property.listingType}
            onChange={set("listingType")}
            options={optionsFrom(LISTING_TYPE_LABELS)}
          />
          <TextField
            label="Price (USD)"
            type="number"
            min={0}
            inputMode="numeric"
            value={property.price}
            onChange={set("price")}
            hint="Optional, whole dollars."
          />
          <TextField
            label="Bedrooms"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={property.bedrooms}
            onChange={set("bedrooms")}
          />
          <TextField
            label="Bathrooms"
            type="number"
            min={0}
            step={0.5}
            inputMode="decimal"
            value={property.bathrooms}
            onChange={set("bathrooms")}
          />
          <TextAreaField
            label="Highlights to mention"
            value={property.highlights}
            onChange={set("highlights")}
            rows={3}
            hint="One per line, stated as written. These go into public copy; the project's notes stay private."
            className="sm:col-span-2 lg:col-span-3"
          />
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Tone" value={tone} onValueChange={setTone} options={TONE_OPTIONS} />
        <SelectField label="Length" value={length} onValueChange={setLength} options={LENGTH_OPTIONS} />
        <SelectField label="Language" value={language} onValueChange={setLanguage} options={LANGUAGE_OPTIONS} />
      </div>
      <FormError message={mutation.error ? errorMessage(mutation.error) : null} />
      <CostButton cost={CREDIT_COSTS.propertyDescription} loading={mutation.isPending} disabled={photoIds.length === 0}>
        <FileText className="size-4" aria-hidden="true" />
        Write description
      </CostButton>
    </form>
  );
}
