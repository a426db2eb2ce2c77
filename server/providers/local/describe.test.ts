import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyzeImage } from "@/server/images/analyze";
import { syntheticOutdoor, syntheticRoom } from "@/test/synthetic-room";
import type { DescribeParams, GenerationSettings, ImageAnalysis, PropertyData } from "@/server/providers/types";
import { countWords, LENGTH_RANGES } from "./copy/compose";
import { localDescribeProvider, writeListingDescription } from "./describe";

const TONES: GenerationSettings["tone"][] = ["professional", "warm", "luxury", "casual"];
const LENGTHS: GenerationSettings["length"][] = ["short", "medium", "long"];
const BRIGHT_WORDS = /\b(bright|brightly|sunlight|sunlit|sunny|daylight|luminous|natural light|light-filled|airy|well lit)\b/i;

function image(
  index: number,
  brightness: number,
  dominant_colors: string[],
  room_type: string | null,
  features: string[] = [],
): ImageAnalysis {
  return { index, width: 1600, height: 1200, orientation: "landscape", brightness, dominant_colors, room_type, features };
}

function params(propertyData: PropertyData, analysis: ImageAnalysis[], settings: Partial<GenerationSettings> = {}): DescribeParams {
  return {
    images: analysis.map(() => ({ bytes: Buffer.alloc(0), contentType: "image/jpeg" })),
    analysis,
    propertyData,
    settings: { tone: "professional", length: "medium", language: "en", ...settings },
  };
}

const house: PropertyData = {
  address: "12 Elm Street, Springfield",
  property_type: "house",
  listing_status: "active",
  listing_type: "sale",
  price: 450000,
};
const brightRooms = [
  image(0, 0.74, ["#f4f1ea", "#8a6a4a"], "living_room", ["large windows"]),
  image(1, 0.68, ["#ffffff", "#7d5a3c"], "kitchen", ["kitchen island"]),
  image(2, 0.63, ["#e8e2d6"], "bedroom"),
];
const darkRooms = [image(0, 0.18, ["#1c1b1a", "#3b2f26"], "living_room"), image(1, 0.27, ["#2a2a2e"], "bedroom")];

const analysisArb = fc.array(
  fc.record({
    brightness: fc.double({ min: 0, max: 1, noNaN: true }),
    colors: fc.array(
      fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, "0")}`),
      { maxLength: 5 },
    ),
    room: fc.option(fc.constantFrom("kitchen", "living_room", "bedroom", "bathroom", "dining room", "exterior", "home_office")),
    features: fc.array(fc.constantFrom("hardwood floor", "large windows", "fireplace", "high_ceiling", "balcony", "kitchen island"), {
      maxLength: 3,
    }),
  }),
  { minLength: 1, maxLength: 20 },
);
const propertyArb = fc.record(
  {
    address: fc.constantFrom("1 A St", "Apartment 4B, 1187 North Lakeshore Boulevard, Chicago, IL 60611", "Flat 2, 9 Rue de Rivoli, Paris"),
    property_type: fc.constantFrom("house", "apartment", "condo", "single_family", "townhouse", "land", "commercial", "villa"),
    listing_status: fc.constantFrom("active", "pending", "sold", "coming_soon", "withdrawn"),
    listing_type: fc.constantFrom("sale", "rent", "for_rent", "auction"),
    price: fc.integer({ min: 1, max: 50_000_000 }),
  },
  { requiredKeys: ["property_type"] },
);

describe("local property description writer", () => {
  it("keeps every tone and length within its maximum, whatever the inputs", () => {
    fc.assert(
      fc.property(propertyArb, analysisArb, fc.constantFrom(...TONES), fc.constantFrom(...LENGTHS), (property, items, tone, length) => {
        const analysis = items.map((item, i) => image(i, item.brightness, item.colors, item.room, item.features));
        const words = countWords(writeListingDescription(params(property, analysis, { tone, length })));
        expect(words).toBeGreaterThan(0);
        expect(words).toBeLessThanOrEqual(LENGTH_RANGES[length].max);
      }),
      { numRuns: 400 },
    );
  });

  it("says more in longer copy only when the inputs have more to say: nothing is padded", () => {
    expect(LENGTH_RANGES).toMatchObject({ short: { max: 70 }, medium: { max: 160 }, long: { max: 300 } });
    const rich = {
      ...house,
      bedrooms: 3,
      bathrooms: 2,
      highlights: ["new roof in 2024", "a two-car garage", "walking distance to the station"],
    };
    const [short, medium, long] = LENGTHS.map((length) => writeListingDescription(params(rich, brightRooms, { length })));
    expect(countWords(short)).toBeLessThan(countWords(medium));
    expect(countWords(medium)).toBeLessThan(countWords(long));
    // A bare listing: a type, one photo the analysis found nothing in. Every length states
    // the same few facts; a longer one has no general sentences to add.
    const bare = [image(0, 0.5, [], null)];
    for (const tone of TONES) {
      const texts = LENGTHS.map((length) => writeListingDescription(params({ property_type: "house" }, bare, { tone, length })));
      expect(texts[2]).toBe(texts[1]);
      expect(countWords(texts[2])).toBeLessThan(LENGTH_RANGES.short.max);
    }
  });

  it("changes vocabulary with the tone", () => {
    const texts = TONES.map((tone) => writeListingDescription(params(house, brightRooms, { tone })));
    expect(new Set(texts).size).toBe(4);
    const [professional, warm, luxury, casual] = texts;
    expect(professional).toMatch(/showing|appointment/i);
    expect(warm).toMatch(/\byou\b/i);
    expect(luxury).toMatch(/residence|refine|discreet|exceptional|elegan/i);
    expect(casual).toMatch(/\b\w+'(s|re|ll|ve)\b|!/);
    expect(professional).not.toMatch(/!/);
  });

  it("states the address and the formatted price in every length", () => {
    for (const length of LENGTHS) {
      const text = writeListingDescription(params(house, brightRooms, { length }));
      expect(text).toContain("12 Elm Street, Springfield");
      expect(text).toContain("450,000");
      expect(text).toMatch(/for sale/);
    }
    const rental = writeListingDescription(params({ property_type: "apartment", listing_type: "rent", price: 2100 }, brightRooms));
    expect(rental).toContain("asking rent of 2,100");
  });

  it("reflects what the images show, and never calls dark photos bright", () => {
    const bright = writeListingDescription(params(house, brightRooms, { length: "long" }));
    expect(bright).toMatch(BRIGHT_WORDS);
    expect(bright).toMatch(/living room/);
    expect(bright).toMatch(/kitchen/);
    expect(bright).toMatch(/warm wood tones/);
    expect(bright).toMatch(/large windows/);
    // Copy is about the property, never about the photo set, so it can be pasted into a listing.
    expect(bright).not.toMatch(/\bphoto \d|three photos/i);
    for (const tone of TONES) {
      for (const length of LENGTHS) {
        const dark = writeListingDescription(params(house, darkRooms, { tone, length }));
        expect(dark).not.toMatch(BRIGHT_WORDS);
        expect(dark).toMatch(/low|subdued|moody/i);
      }
    }
  });

  it("states bedrooms, bathrooms, the price with its currency and the agent's highlights, and never an internal status", () => {
    const facts = {
      ...house,
      listing_status: "draft",
      currency: "USD",
      bedrooms: 3,
      bathrooms: 2.5,
      highlights: ["new roof in 2024", "south-facing garden."],
    };
    for (const tone of TONES) {
      for (const length of LENGTHS) {
        const text = writeListingDescription(params(facts, brightRooms, { tone, length }));
        expect(text).not.toMatch(/draft/i);
        // Short copy keeps what fits in 70 words; medium and long state every fact.
        if (length === "short") continue;
        expect(text).toMatch(/3 bedrooms and 2\.5 bathrooms/);
        expect(text).toMatch(/New roof in 2024\./);
        expect(text).toMatch(/\$450,000/);
      }
    }
  });

  it("describes photos measured by the image analysis, listing only real fittings as features", async () => {
    const photos = [
      await syntheticRoom({ width: 320, height: 240, wall: "#2b2622", floor: "#1d1712" }),
      await syntheticRoom({ width: 320, height: 240, wall: "#3a3531", floor: "#241b14", box: true }),
      await syntheticOutdoor(320, 240),
    ];
    const analysis = await Promise.all(photos.map((bytes, i) => analyzeImage(bytes, i)));
    analysis[0].features.push("fireplace");
    const text = writeListingDescription(params(house, analysis, { length: "long" }));
    expect(text).toMatch(/patio/);
    expect(text).toContain("fireplace");
    expect(text).not.toMatch(/dim lighting|wide shot|neutral palette|high contrast|soft contrast/);
  });

  it("is deterministic, and varies its wording between listings", () => {
    const same = params(house, brightRooms);
    expect(writeListingDescription(same)).toBe(writeListingDescription(structuredClone(same)));
    const openings = new Set(
      ["house", "apartment", "villa", "townhouse", "condo", "cottage", "loft", "studio"].map(
        (type) => writeListingDescription(params({ ...house, property_type: type }, brightRooms)).split(type)[0],
      ),
    );
    expect(openings.size).toBeGreaterThan(1);
  });

  it("writes US English for en and en-US, British English for en-GB, in every tone and length", () => {
    const usOnly = /\b(color|colors|cozy|showings?|neighborhood|under contract|grays|for rent)\b/i;
    const britishOnly = /\b(colours?|cosy|viewings?|neighbourhood|under offer|greys|to rent)\b/i;
    fc.assert(
      fc.property(propertyArb, analysisArb, fc.constantFrom(...TONES), fc.constantFrom(...LENGTHS), (property, items, tone, length) => {
        const analysis = items.map((item, i) => image(i, item.brightness, item.colors, item.room, item.features));
        const [plain, us, gb] = ["en", "en-US", "en-GB"].map((language) =>
          writeListingDescription(params(property, analysis, { tone, length, language })),
        );
        expect(plain).not.toMatch(britishOnly);
        expect(us).not.toMatch(britishOnly);
        expect(gb).not.toMatch(usOnly);
      }),
      { numRuns: 300 },
    );
    const pending = { ...house, listing_status: "under_contract", listing_type: "rent" };
    expect(writeListingDescription(params(pending, brightRooms, { language: "en-US" }))).toMatch(/under contract/);
    expect(writeListingDescription(params(pending, brightRooms, { language: "en-GB" }))).toMatch(/under offer/);
    expect(writeListingDescription(params(house, darkRooms, { tone: "casual", length: "long", language: "en-GB" }))).toMatch(
      /Colour-wise|cosy/,
    );
  });

  it("states the price in the currency the request names, else in the language's region's, else without one", () => {
    const priced = (language: string, currency?: string) =>
      writeListingDescription(params({ ...house, ...(currency ? { currency } : {}) }, brightRooms, { language, length: "medium" }));
    expect(priced("en-US")).toContain("$450,000");
    expect(priced("en-GB")).toContain("£450,000");
    expect(priced("en-AU")).toContain("$450,000");
    expect(priced("en")).toMatch(/of 450,000\b/);
    expect(priced("en-GB", "USD")).toContain("US$450,000");
    expect(priced("en-IN", "INR")).toContain("₹4,50,000");
    // Tags of BCP 47's shape that Intl refuses are written in US English, not refused by a crash.
    expect(priced("en-12")).toMatch(/of 450,000\b/);
    expect(priced("en-abcdefgh-ab", "EUR")).toContain("€450,000");
  });

  it("answers as the local provider with a local:// status URI", async () => {
    const result = await localDescribeProvider.describe(params(house, brightRooms));
    expect(result.provider).toBe("local");
    expect(result.statusUrl).toMatch(/^local:\/\/describe\/[0-9a-f-]{36}$/);
    expect(result.description).toBe(writeListingDescription(params(house, brightRooms)));
  });
});
