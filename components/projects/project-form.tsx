"use client";
import { useState, type FormEvent } from "react";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { optionsOf, wordOf } from "@/components/ui/options";
import type { ProjectFields } from "@/server/studio/projects/project-fields";
import {
  LISTING_STATUS_LABELS,
  LISTING_STATUSES,
  LISTING_TYPE_LABELS,
  LISTING_TYPES,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
} from "@/shared/vocabulary";

export const EMPTY_PROJECT: ProjectFields = {
  address: "",
  propertyType: "house",
  listingStatus: "draft",
  listingType: "sale",
  price: null,
  bedrooms: null,
  bathrooms: null,
  notes: "",
};

function numberOrNull(value: FormDataEntryValue | null): number | null {
  const text = String(value ?? "").replace(/[,\s$]/g, "");
  return text === "" ? null : Number(text);
}

/**
 * The property fields of a project. Renders a <form id={formId}> so a dialog footer's
 * submit button can sit outside it; calls onSubmit with parsed values.
 */
export function ProjectForm({
  formId,
  initial = EMPTY_PROJECT,
  onSubmit,
}: {
  formId: string;
  initial?: ProjectFields;
  onSubmit: (fields: ProjectFields) => void;
}) {
  const [priceError, setPriceError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const price = numberOrNull(form.get("price"));
    if (price !== null && (!Number.isInteger(price) || price < 0)) {
      setPriceError("Enter the price as a whole number, e.g. 450000.");
      return;
    }
    setPriceError(null);
    onSubmit({
      address: String(form.get("address")).trim(),
      propertyType: wordOf(PROPERTY_TYPES, form.get("propertyType"), initial.propertyType),
      listingStatus: wordOf(LISTING_STATUSES, form.get("listingStatus"), initial.listingStatus),
      listingType: wordOf(LISTING_TYPES, form.get("listingType"), initial.listingType),
      price,
      bedrooms: numberOrNull(form.get("bedrooms")),
      bathrooms: numberOrNull(form.get("bathrooms")),
      notes: String(form.get("notes") ?? ""),
    });
  }

  return (
    <form id={formId} onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <TextField
        className="sm:col-span-2"
        label="Address"
        name="address"
        defaultValue={initial.address}
        required
        minLength={3}
        maxLength={200}
        autoComplete="street-address"
        placeholder="12 Harbour Lane, Portsmouth"
      />
      <SelectField
        label="Property type"
        name="propertyType"
        defaultValue={initial.propertyType}
        options={optionsOf(PROPERTY_TYPES, PROPERTY_TYPE_LABELS)}
      />
      <SelectField
        label="Listing type"
        name="listingType"
        defaultValue={initial.listingType}
        options={optionsOf(LISTING_TYPES, LISTING_TYPE_LABELS)}
      />
      <SelectField
        label="Listing status"
        name="listingStatus"
        defaultValue={initial.listingStatus}
        options={optionsOf(LISTING_STATUSES, LISTING_STATUS_LABELS)}
      />
      <TextField
        label="Price (USD)"
        name="price"
        inputMode="numeric"
        defaultValue={initial.price ?? ""}
        placeholder="450000"
        error={priceError}
      />
      <TextField label="Bedrooms" name="bedrooms" type="number" min={0} max={100} step={1} defaultValue={initial.bedrooms ?? ""} />
      <TextField label="Bathrooms" name="bathrooms" type="number" min={0} max={100} step={0.5} defaultValue={initial.bathrooms ?? ""} />
      <TextAreaField
        className="sm:col-span-2"
        label="Notes"
        name="notes"
        defaultValue={initial.notes}
        maxLength={5000}
        hint="Private to your team."
      />
    </form>
  );
}
