import "server-only";

/** Connected regions of a binary map (4-connectivity), as lists of pixel indices. */
export function regionsOf(map: Uint8Array, width: number): number[][] {
  const seen = new Uint8Array(map.length);
  const regions: number[][] = [];
  const stack: number[] = [];
  for (let start = 0; start < map.length; start++) {
    if (!map[start] || seen[start]) continue;
    const region: number[] = [];
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      region.push(p);
      const x = p % width;
      for (const q of [p - width, p + width, x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1]) {
        if (q >= 0 && q < map.length && map[q] && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    regions.push(region);
  }
  return regions;
}
