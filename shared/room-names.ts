/**
 * Room types as listing photos are often named ("05-master-bath.jpg", "Kitchen 1.jpg"):
 * the words that name a room, for a suggestion the person confirms or changes in the
 * whole-listing form. A name that says nothing ("IMG_0042.jpg") suggests nothing.
 */
import type { RoomType } from "./vocabulary";

const ROOM_WORDS: Record<RoomType, readonly string[]> = {
  living_room: ["living", "lounge", "family", "den", "sitting", "livingroom"],
  bedroom: ["bedroom", "bed", "guest", "bedrooms"],
  kitchen: ["kitchen", "kitchenette"],
  dining_room: ["dining", "diningroom"],
  bathroom: ["bath", "bathroom", "ensuite", "shower", "powder", "wc", "toilet", "bathrooms"],
  home_office: ["office", "study"],
  kids_room: ["kids", "nursery", "playroom", "children"],
  entryway: ["entry", "entryway", "foyer", "hall", "hallway", "entrance"],
  basement: ["basement", "cellar"],
  patio: ["patio", "garden", "yard", "backyard", "deck", "terrace", "balcony", "porch"],
};

const BY_WORD = new Map(Object.entries(ROOM_WORDS).flatMap(([room, words]) => words.map((word) => [word, room as RoomType] as const)));

/** The room the file name's first room word names ("master-bath" → bathroom), or null. */
export function roomTypeFromName(fileName: string): RoomType | null {
  const words = fileName
    .replace(/\.[a-z0-9]+$/i, "")
    .toLowerCase()
    .split(/[^a-z]+/);
  for (const word of words) {
    const room = BY_WORD.get(word);
    if (room) return room;
  }
  return null;
}
