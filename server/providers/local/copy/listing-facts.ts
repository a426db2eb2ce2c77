/**
 * Turns the structured property data and the per-image analysis into the plain facts the
 * copy may state. Everything the writer says comes from here, so it never claims what the
 * inputs do not show (a set of dark photos is never called bright).
 */
import "server-only";
import type { ImageAnalysis, PropertyData } from "@/server/providers/types";
import { colorFamily, type ColorFamily } from "./color-names";
import { currencyOfLanguage, numberLocale } from "./copy-locale";

export type LightLevel = "bright" | "balanced" | "dim";

export interface ListingFacts {
  /** A noun phrase such as "apartment" or "single-family home". */
  propertyType: string;
  address: string | null;
  listingType: "sale" | "rent" | null;
  /** A readable status such as "under contract", or null when none was given. */
  status: string | null;
  closed: boolean;
  /**
   * With its currency ("$850,000"): the one the request names, else the language's
   * region's (en-GB → "£850,000"); grouped digits when neither names one, as none is invented.
   */
  price: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  /** The agent's own facts, each one sentence, stated as given. */
  highlights: string[];
  light: LightLevel;
  colors: ColorFamily[];
  rooms: string[];
  features: string[];
  /** Fittings in photos the analysis placed in a room, by room: "features" lists the rest. */
  roomDetails: RoomDetail[];
}

export interface RoomDetail {
  room: string;
  features: string[];
}

const PROPERTY_NOUNS: Record<string, string> = {
  single_family: "single-family home",
  multi_family: "multi-family home",
  commercial: "commercial property",
  land: "plot of land",
  lot: "plot of land",
  condominium: "condo",
};

const STATUS_PHRASES: Record<string, string> = {
  active: "available",
  available: "available",
  for_sale: "available",
  for_rent: "available",
  new: "newly listed",
  coming_soon: "coming soon",
  pending: "pending",
  under_contract: "under contract",
  under_offer: "under contract",
  contingent: "under contract",
  sold: "sold",
  rented: "rented",
  let: "rented",
  leased: "rented",
  off_market: "off the market",
};

/**
 * Photographic descriptors that server/images/analyze.ts reports as features. The light,
 * palette and framing sentences already express them, so they are not listed again as if
 * they were fittings of the property; any other feature string is.
 */
const PHOTO_DESCRIPTORS = new Set([
  "bright",
  "dim lighting",
  "natural light",
  "warm tones",
  "cool tones",
  "neutral palette",
  "colorful",
  "high contrast",
  "soft contrast",
  "wide shot",
]);

const CLOSED_STATUSES = new Set(["sold", "rented", "off the market"]);

/** Workflow states of the listing team, never a fact for buyers ("the listing is draft"). */
const INTERNAL_STATUSES = new Set(["draft", "private", "internal", "archived"]);

function priceText(price: number | undefined, currency: string | null, language: string): string | null {
  if (price === undefined || price <= 0) return null;
  const locale = numberLocale(language);
  const digits = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(price);
  if (!currency) return digits;
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 }).format(price);
  } catch {
    return `${digits} ${currency}`;
  }
}

/** A highlight as a sentence: capitalised, ending in a full stop. */
function asSentence(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, " ");
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

function key(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

export function humanize(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, " ");
}

function listingType(value: string | undefined): ListingFacts["listingType"] {
  const normalized = key(value ?? "");
  if (/^(for_)?(sale|sell|buy)$/.test(normalized)) return "sale";
  if (/^(for_)?(rent|rental|lease|let)$/.test(normalized)) return "rent";
  return null;
}

function lightOf(brightness: number): LightLevel {
  return brightness >= 0.6 ? "bright" : brightness >= 0.4 ? "balanced" : "dim";
}

/** The analysis's features that are fittings of the property, not descriptions of the photo. */
function fittings(features: string[]): string[] {
  return [...new Set(features.map(humanize))].filter((f) => f && !PHOTO_DESCRIPTORS.has(f));
}

/** Distinct values, most frequent first, ties in order of first appearance. */
function byFrequency(values: string[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)!);
}

/** Rooms in order of how often they were photographed, each with the fittings its photos show most. */
function roomDetails(photos: { room: string | null; features: string[] }[]): RoomDetail[] {
  return byFrequency(photos.flatMap((p) => (p.room ? [p.room] : [])))
    .map((room) => ({ room, features: byFrequency(photos.filter((p) => p.room === room).flatMap((p) => p.features)).slice(0, 3) }))
    .filter((detail) => detail.features.length > 0);
}

/** `language` is the request's BCP 47 tag: it names the price's currency when the request does not. */
export function listingFacts(propertyData: PropertyData, analysis: ImageAnalysis[], language: string): ListingFacts {
  const status =
    propertyData.listing_status?.trim() && !INTERNAL_STATUSES.has(key(propertyData.listing_status))
      ? (STATUS_PHRASES[key(propertyData.listing_status)] ?? humanize(propertyData.listing_status))
      : null;
  const meanBrightness = analysis.length ? analysis.reduce((sum, a) => sum + a.brightness, 0) / analysis.length : 0.5;
  const photos = analysis.map((a) => ({
    room: a.room_type ? humanize(a.room_type) : null,
    colors: [...new Set(a.dominant_colors.slice(0, 3).map(colorFamily))],
    features: fittings(a.features),
  }));
  return {
    propertyType: PROPERTY_NOUNS[key(propertyData.property_type)] ?? humanize(propertyData.property_type),
    address: propertyData.address?.trim() || null,
    listingType: listingType(propertyData.listing_type),
    status,
    closed: status !== null && CLOSED_STATUSES.has(status),
    price: priceText(propertyData.price, propertyData.currency ?? currencyOfLanguage(language), language),
    bedrooms: propertyData.bedrooms ?? null,
    bathrooms: propertyData.bathrooms ?? null,
    highlights: (propertyData.highlights ?? []).map(asSentence),
    light: lightOf(meanBrightness),
    colors: byFrequency(photos.flatMap((p) => p.colors)).slice(0, 3) as ColorFamily[],
    rooms: byFrequency(photos.flatMap((p) => (p.room ? [p.room] : []))),
    features: byFrequency(photos.filter((p) => p.room === null).flatMap((p) => p.features)).slice(0, 6),
    roomDetails: roomDetails(photos),
  };
}
