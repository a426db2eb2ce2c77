/**
 * The shape of one tone's vocabulary, and the small English helpers its sentences share.
 * Each slot holds several sentence shapes; the composer picks one per listing from a hash
 * of the inputs, so the same listing always reads the same and different listings vary.
 * Every sentence states one of the listing's facts: there is no general filler to pad a
 * length with. Written in US English (copy-locale.ts makes British copy from it).
 */
import "server-only";
import type { LightLevel, ListingFacts } from "./listing-facts";

export type Line = (f: ListingFacts) => string;
export type ListLine = (list: string, f: ListingFacts) => string;

export interface Phrasebook {
  /** Names the property type, the intent (sale or rent) and the address when given. */
  opening: Line[];
  price: Line[];
  status: Line[];
  light: Record<LightLevel, Line[]>;
  palette: ListLine[];
  rooms: ListLine[];
  features: ListLine[];
  /** One room's fittings as its own photos show them ("kitchen", "kitchen island"), for longer copy. */
  roomDetail: ((room: string, features: string) => string)[];
  closing: Record<"sale" | "rent" | "any" | "closed", Line[]>;
}

export function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "for sale", "for rent" or "" — used inside sentences that read well either way. */
export function intent(f: ListingFacts): string {
  return f.listingType === "sale" ? "for sale" : f.listingType === "rent" ? "for rent" : "";
}

/** " at <address>" or "", to append after the property noun. */
export function at(f: ListingFacts): string {
  return f.address ? ` at ${f.address}` : "";
}

export function priceWords(f: ListingFacts): string {
  return f.listingType === "rent" ? `an asking rent of ${f.price}` : `an asking price of ${f.price}`;
}
