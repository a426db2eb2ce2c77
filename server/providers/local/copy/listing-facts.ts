/**
 * Turns the structured property data and the per-image analysis into the plain facts the
 * copy may state. Everything the writer says comes from here, so it never claims what the
 * inputs do not show (a set of dark photos is never called bright).
 */
import type { ImageAnalysis, PropertyData } from "@/server/providers/types";
import { colorFamily, type ColorFamily } from "./color-names";

export type LightLevel = "bright" | "balanced" | "dim";

export interface PhotoFacts {
  /** 1-based, as a reader counts photos. */
  number: number;
  room: string | null;
  light: LightLevel;
  colors: ColorFamily[];
}

export interface ListingFacts {
  /** A noun phrase such as "apartment" or "single-family home". */
  propertyType: string;
  address: string | null;
  listingType: "sale" | "rent" | null;
  /** A readable status such as "under offer", or null when none was given. */
  status: string | null;
  closed: boolean;
  /** Grouped digits without a currency: the API carries no currency, so none is invented. */
  price: string | null;
  photoCount: number;
  light: LightLevel;
  colors: ColorFamily[];
  rooms: string[];
  features: string[];
  orientation: "landscape" | "portrait" | "mixed";
  photos: PhotoFacts[];
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
  pending: "under offer",
  under_contract: "under offer",
  contingent: "under offer",
  sold: "sold",
  rented: "let",
  leased: "let",
  off_market: "off the market",
};

/**
 * Photographic descriptors that server/images/analyze.ts reports as features. The light,
 * palette and framing sentences already express them, so they are not listed again as if
 * they were fittings of the property; any other feature string is.
 */
const PHOTO_DESCRIPTORS = new Set([
  "bright", "dim lighting", "natural light", "warm tones", "cool tones", "neutral palette",
  "colorful", "high contrast", "soft contrast", "wide shot",
]);

const CLOSED_STATUSES = new Set(["sold", "let", "off the market"]);

function key(value: string): string {
  return value.trim().toLowerCase().replace(/[\s-]+/g, "_");
}

export function humanize(value: string): string {
  return value.trim().toLowerCase().replace(/[_\s]+/g, " ");
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

/** Distinct values, most frequent first, ties in order of first appearance. */
function byFrequency(values: string[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)!);
}

function orientationOf(analysis: ImageAnalysis[]): ListingFacts["orientation"] {
  const landscape = analysis.filter((a) => a.orientation === "landscape").length;
  const portrait = analysis.filter((a) => a.orientation === "portrait").length;
  if (landscape > analysis.length / 2) return "landscape";
  if (portrait > analysis.length / 2) return "portrait";
  return "mixed";
}

export function listingFacts(propertyData: PropertyData, analysis: ImageAnalysis[], photoCount: number): ListingFacts {
  const status = propertyData.listing_status?.trim()
    ? (STATUS_PHRASES[key(propertyData.listing_status)] ?? humanize(propertyData.listing_status))
    : null;
  const meanBrightness = analysis.length ? analysis.reduce((sum, a) => sum + a.brightness, 0) / analysis.length : 0.5;
  const photos = analysis.map((a, i) => ({
    number: i + 1,
    room: a.room_type ? humanize(a.room_type) : null,
    light: lightOf(a.brightness),
    colors: [...new Set(a.dominant_colors.slice(0, 3).map(colorFamily))],
  }));
  return {
    propertyType: PROPERTY_NOUNS[key(propertyData.property_type)] ?? humanize(propertyData.property_type),
    address: propertyData.address?.trim() || null,
    listingType: listingType(propertyData.listing_type),
    status,
    closed: status !== null && CLOSED_STATUSES.has(status),
    price: propertyData.price !== undefined && propertyData.price > 0 ? new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(propertyData.price) : null,
    photoCount: Math.max(photoCount, analysis.length),
    light: lightOf(meanBrightness),
    colors: byFrequency(photos.flatMap((p) => p.colors)).slice(0, 3) as ColorFamily[],
    rooms: byFrequency(photos.flatMap((p) => (p.room ? [p.room] : []))),
    features: byFrequency(analysis.flatMap((a) => a.features.map(humanize))).filter((f) => f && !PHOTO_DESCRIPTORS.has(f)).slice(0, 6),
    orientation: orientationOf(analysis),
    photos,
  };
}
