import "server-only";

/**
 * `Uint8Array.from(values, fn)` goes through the iterator protocol one element at a time
 * and is about 30× slower than a loop in V8 (2.7 s against 0.09 s for a 12 MP mask):
 * the CPU profile of a whole-listing batch found a fifth of the server's time there.
 * Pixel code maps with this instead.
 */
export function mapToBytes(values: ArrayLike<number>, fn: (value: number) => number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = fn(values[i]);
  return out;
}

/** How many values are not zero (typed arrays' reduce calls back per element). */
export function countNonZero(values: ArrayLike<number>): number {
  let count = 0;
  for (let i = 0; i < values.length; i++) if (values[i] !== 0) count++;
  return count;
}
