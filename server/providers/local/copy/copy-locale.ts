/**
 * What the listing's language tag decides for the local writer: the English it writes
 * (US unless the tag names a region that writes British English) and the currency a
 * price is stated in when the request names none (the tag's region's currency).
 * The phrasebooks are written in US English; British copy is made from it by a fixed
 * table of the few words the phrasebooks use that the two spell or say differently.
 */
import "server-only";
import countryToCurrency from "country-to-currency";

export type Dialect = "us" | "gb";

/** Regions whose English follows British spelling and estate-agency usage. */
const BRITISH_ENGLISH_REGIONS = new Set(["GB", "UK", "IE", "AU", "NZ", "ZA", "IN", "SG", "HK", "MT", "CY"]);

function regionOf(language: string): string | null {
  try {
    return new Intl.Locale(language).region?.toUpperCase() ?? null;
  } catch {
    return null;
  }
}

export function dialectOf(language: string): Dialect {
  const region = regionOf(language);
  return region !== null && BRITISH_ENGLISH_REGIONS.has(region) ? "gb" : "us";
}

/**
 * The locale to format numbers in: the tag itself when Intl knows it, else US English.
 * The API accepts any tag of BCP 47's shape, and some of those ("en-12") Intl refuses.
 */
export function numberLocale(language: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf(language).length ? language : "en-US";
  } catch {
    return "en-US";
  }
}

/** The ISO 4217 code of the tag's region ("en-GB" → GBP), or null when the tag names no region. */
export function currencyOfLanguage(language: string): string | null {
  const region = regionOf(language);
  if (region === null) return null;
  return (countryToCurrency as Record<string, string | undefined>)[region] ?? null;
}

/**
 * US → British, whole words (and a few phrases), longest first so "under contract"
 * is not half-translated. Each US form appears in some phrasebook sentence or status;
 * describe.test.ts checks that no British text has any of them left.
 */
const US_TO_BRITISH: readonly (readonly [string, string])[] = [
  ["schedule a showing", "book a viewing"],
  ["under contract", "under offer"],
  ["for rent", "to rent"],
  ["showings", "viewings"],
  ["showing", "viewing"],
  ["neighborhood", "neighbourhood"],
  ["colors", "colours"],
  ["color", "colour"],
  ["grays", "greys"],
  ["cozy", "cosy"],
  ["rented", "let"],
];

function matchCase(original: string, replacement: string): string {
  return /^[A-Z]/.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
}

export function inDialect(text: string, dialect: Dialect): string {
  if (dialect === "us") return text;
  return US_TO_BRITISH.reduce((out, [us, gb]) => out.replace(new RegExp(`\\b${us}\\b`, "gi"), (found) => matchCase(found, gb)), text);
}
