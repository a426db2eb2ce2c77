/** The description as pasted into an MLS: the copy, then the remark line (the server's, from the listing page's picks) when one is needed. */
export function copyForMls(description: string, remark: string | null): string {
  return remark ? `${description.trim()}\n\n${remark}` : description.trim();
}
