/**
 * Assembles listing copy of a requested length from one tone's phrasebook. Sentences are
 * ranked (opening and closing always, then light, bedrooms and bathrooms and price, the
 * agent's highlights, then rooms, fittings and palette, each room's own fittings last) and
 * added in rank order until the length's target is met without passing its maximum, then
 * printed in reading order. Every sentence states a fact of the listing: when the inputs
 * have less to say than a length's target, the copy is shorter, never padded. Every
 * choice comes from a hash of the inputs: no randomness.
 */
import "server-only";
import type { GenerationSettings } from "@/server/providers/types";
import { COLOR_PHRASES } from "./color-names";
import type { ListingFacts } from "./listing-facts";
import { listJoin, type Phrasebook } from "./phrasebook";

/** Words: a length stops adding facts once past its target, and never passes its maximum. */
export const LENGTH_RANGES: Record<GenerationSettings["length"], { target: number; max: number }> = {
  short: { target: 50, max: 70 },
  medium: { target: 125, max: 160 },
  long: { target: 235, max: 300 },
};

interface Candidate {
  text: string;
  /** Lower ranks are chosen first; rank 0 is always included. */
  rank: number;
  paragraph: number;
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** FNV-1a: a stable 32-bit hash, so a listing's wording is the same on every call. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/**
 * Bedrooms and bathrooms, stated plainly in every tone. Copy speaks about the property,
 * never about the photo set ("photo 1 shows…"), so it can be pasted into a listing.
 */
function layoutSentence(f: ListingFacts): string | null {
  const parts = [
    f.bedrooms !== null ? plural(f.bedrooms, "bedroom") : null,
    f.bathrooms !== null ? plural(f.bathrooms, "bathroom") : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  if (f.bedrooms === 0 && f.bathrooms === null) return "It is laid out as a studio.";
  return `It offers ${parts.join(" and ")}.`;
}

function candidates(book: Phrasebook, f: ListingFacts, seed: string): Candidate[] {
  const pick = <T>(options: T[], slot: string): T => options[hash(`${seed}:${slot}`) % options.length];
  const list: Candidate[] = [{ text: pick(book.opening, "opening")(f), rank: 0, paragraph: 0 }];
  if (f.price) list.push({ text: pick(book.price, "price")(f), rank: 1.1, paragraph: 0 });
  if (f.status) list.push({ text: pick(book.status, "status")(f), rank: 3, paragraph: 0 });
  list.push({ text: pick(book.light[f.light], "light")(f), rank: 1, paragraph: 1 });
  if (f.rooms.length) list.push({ text: pick(book.rooms, "rooms")(listJoin(f.rooms.slice(0, 5)), f), rank: 3, paragraph: 1 });
  if (f.features.length) list.push({ text: pick(book.features, "features")(listJoin(f.features.slice(0, 4)), f), rank: 4, paragraph: 1 });
  if (f.colors.length) {
    list.push({ text: pick(book.palette, "palette")(listJoin(f.colors.map((c) => COLOR_PHRASES[c])), f), rank: 4, paragraph: 1 });
  }
  const layout = layoutSentence(f);
  if (layout) list.push({ text: layout, rank: 1.05, paragraph: 0 });
  f.highlights.forEach((text, i) => list.push({ text, rank: 2 + i / 100, paragraph: 2 }));
  f.roomDetails.forEach((room, i) => {
    list.push({ text: pick(book.roomDetail, `room:${room.room}`)(room.room, listJoin(room.features)), rank: 5 + i / 100, paragraph: 1 });
  });
  list.push({ text: pick(book.closing[f.closed ? "closed" : (f.listingType ?? "any")], "closing")(f), rank: 0, paragraph: 3 });
  return list;
}

export function composeCopy(book: Phrasebook, f: ListingFacts, length: GenerationSettings["length"], seed: string): string {
  const range = LENGTH_RANGES[length];
  const all = candidates(book, f, seed);
  const chosen = new Set(all.filter((c) => c.rank === 0));
  let words = [...chosen].reduce((sum, c) => sum + countWords(c.text), 0);
  for (const candidate of [...all].sort((a, b) => a.rank - b.rank)) {
    // Light, layout and price (ranks below 2) go in whenever they fit, even past the target.
    if (words >= range.target && candidate.rank >= 2) break;
    const size = countWords(candidate.text);
    if (chosen.has(candidate) || words + size > range.max) continue;
    chosen.add(candidate);
    words += size;
  }
  const inOrder = all.filter((c) => chosen.has(c));
  if (length === "short") return inOrder.map((c) => c.text).join(" ");
  const paragraphs = [...new Set(inOrder.map((c) => c.paragraph))];
  return paragraphs
    .map((p) =>
      inOrder
        .filter((c) => c.paragraph === p)
        .map((c) => c.text)
        .join(" "),
    )
    .join("\n\n");
}
