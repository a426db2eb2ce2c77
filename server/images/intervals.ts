import "server-only";
/**
 * A row's runs as sorted, disjoint, half-open intervals [x0, x1), flat: [x0, x1, x0, x1, …].
 * Operations on runs cost what the shapes do, not what the pixels do: a 12 MP mask with a
 * few painted areas is a few runs a row.
 */
export type Runs = number[];

/** The runs of `values[offset .. offset + length)` at least `threshold`, as columns from 0. */
export function runsAtLeast(values: Uint8Array, offset: number, length: number, threshold: number): Runs {
  const runs: Runs = [];
  for (let x = 0; x < length;) {
    while (x < length && values[offset + x] < threshold) x++;
    if (x === length) break;
    const start = x;
    while (x < length && values[offset + x] >= threshold) x++;
    runs.push(start, x);
  }
  return runs;
}

/** Where both hold. */
export function intersect(a: Runs, b: Runs): Runs {
  const out: Runs = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const x0 = Math.max(a[i], b[j]),
      x1 = Math.min(a[i + 1], b[j + 1]);
    if (x0 < x1) out.push(x0, x1);
    if (a[i + 1] < b[j + 1]) i += 2;
    else j += 2;
  }
  return out;
}

/** Where either holds (touching runs joined). */
export function unite(a: Runs, b: Runs): Runs {
  const out: Runs = [];
  for (let i = 0, j = 0; i < a.length || j < b.length;) {
    const fromA = j >= b.length || (i < a.length && a[i] <= b[j]);
    const [x0, x1] = fromA ? [a[i], a[i + 1]] : [b[j], b[j + 1]];
    if (fromA) i += 2;
    else j += 2;
    if (out.length && x0 <= out[out.length - 1]) out[out.length - 1] = Math.max(out[out.length - 1], x1);
    else out.push(x0, x1);
  }
  return out;
}

/** Where `a` holds and `b` does not. */
export function subtract(a: Runs, b: Runs): Runs {
  const out: Runs = [];
  let j = 0;
  for (let i = 0; i < a.length; i += 2) {
    let x0 = a[i];
    const x1 = a[i + 1];
    while (j < b.length && b[j + 1] <= x0) j += 2;
    for (let k = j; k < b.length && b[k] < x1; k += 2) {
      if (b[k] > x0) out.push(x0, b[k]);
      x0 = Math.max(x0, b[k + 1]);
    }
    if (x0 < x1) out.push(x0, x1);
  }
  return out;
}

/**
 * Each run grown (`by` > 0) or shrunk (`by` < 0) by |by| at both ends, within [0, length);
 * an end at the row's edge stays there (what runs off the row goes on beyond it).
 */
export function widen(runs: Runs, by: number, length: number): Runs {
  const out: Runs = [];
  for (let i = 0; i < runs.length; i += 2) {
    const x0 = runs[i] === 0 ? 0 : Math.max(0, runs[i] - by),
      x1 = runs[i + 1] === length ? length : Math.min(length, runs[i + 1] + by);
    if (x0 >= x1) continue;
    if (out.length && x0 <= out[out.length - 1]) out[out.length - 1] = Math.max(out[out.length - 1], x1);
    else out.push(x0, x1);
  }
  return out;
}
