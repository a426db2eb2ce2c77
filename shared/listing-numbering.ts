/**
 * The one numbering of a listing's published results. The listing page, the MLS remark
 * ("Photos 1 and 3: virtually staged") and the files of the listing's zip all number the
 * picked results with this function, so a buyer who reads "Photo 2" in the remark finds
 * Photo 2 on the page and `photo-02-….jpg` in the download. Photos and videos are
 * counted apart, each in the order the agent picked.
 */

export type ListingMedium = "photo" | "video";

export interface Numbered {
  /** 1-based, per medium, in pick order. */
  number: number;
  /** "Photo 2", "Video 1": how the page names it (the remark words it in the listing's language). */
  name: string;
  /** The file name without extension: "photo-02", "video-01". */
  fileStem: string;
}

export function numberListing<T extends { medium: ListingMedium }>(picks: readonly T[]): (T & Numbered)[] {
  const counts: Record<ListingMedium, number> = { photo: 0, video: 0 };
  const totals: Record<ListingMedium, number> = { photo: 0, video: 0 };
  for (const pick of picks) totals[pick.medium] += 1;
  return picks.map((pick) => {
    const number = ++counts[pick.medium];
    // Zero-padded to the count's width (at least 2), so files sort in listing order.
    const digits = Math.max(2, String(totals[pick.medium]).length);
    const title = pick.medium === "photo" ? "Photo" : "Video";
    return { ...pick, number, name: `${title} ${number}`, fileStem: `${pick.medium}-${String(number).padStart(digits, "0")}` };
  });
}

/** A file name's tail from a label: "Virtually staged" → "virtually-staged". */
export function fileSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
