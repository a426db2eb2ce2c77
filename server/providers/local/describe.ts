/**
 * The local property description writer: listing copy composed from the property data and
 * the image analysis, in one of four tones and three lengths, in US or British English
 * as the language tag's region writes it. It states only what those inputs show. It writes English only: composing grammatical copy in other languages from
 * phrase fragments would read badly, so the service refuses other languages before charging.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { DescribeParams, DescribeProvider, DescribeResult, GenerationSettings } from "@/server/providers/types";
import { composeCopy } from "./copy/compose";
import { dialectOf, inDialect } from "./copy/copy-locale";
import { listingFacts } from "./copy/listing-facts";
import type { Phrasebook } from "./copy/phrasebook";
import { casual } from "./copy/tone-casual";
import { luxury } from "./copy/tone-luxury";
import { professional } from "./copy/tone-professional";
import { warm } from "./copy/tone-warm";
import { LOCAL_DESCRIBE_LANGUAGES } from "./describe-languages";

const PHRASEBOOKS: Record<GenerationSettings["tone"], Phrasebook> = { professional, warm, luxury, casual };

/** Pure: the same inputs always give the same text. */
export function writeListingDescription(params: DescribeParams): string {
  const { language, tone, length } = params.settings;
  const facts = listingFacts(params.propertyData, params.analysis, language);
  // Tone and length stay out of the seed, so a longer text extends the shorter one's wording.
  const seed = JSON.stringify([params.propertyData, params.analysis]);
  return inDialect(composeCopy(PHRASEBOOKS[tone], facts, length, seed), dialectOf(language));
}

export const localDescribeProvider: DescribeProvider = {
  name: "local",
  languages: LOCAL_DESCRIBE_LANGUAGES,
  async describe(params: DescribeParams): Promise<DescribeResult> {
    return { provider: "local", statusUrl: `local://describe/${randomUUID()}`, description: writeListingDescription(params) };
  },
};
