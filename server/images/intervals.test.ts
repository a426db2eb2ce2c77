import { describe, expect, it } from "vitest";
import { intersect, runsAtLeast, subtract, unite, widen } from "./intervals";

describe("runs", () => {
  it("reads a row's runs at or above a threshold, a run at either edge included", () => {
    const row = Uint8Array.from([200, 255, 0, 127, 128, 10, 255, 255]);
    expect(runsAtLeast(row, 0, row.length, 128)).toEqual([0, 2, 4, 5, 6, 8]);
    // Within a longer buffer: columns counted from the offset.
    expect(runsAtLeast(Uint8Array.from([255, 255, 0, 255, 0]), 2, 3, 128)).toEqual([1, 2]);
    expect(runsAtLeast(new Uint8Array(5), 0, 5, 128)).toEqual([]);
  });

  it("intersects, unites and subtracts sorted runs", () => {
    const a = [0, 5, 8, 12, 20, 30],
      b = [3, 9, 11, 25];
    expect(intersect(a, b)).toEqual([3, 5, 8, 9, 11, 12, 20, 25]);
    expect(unite(a, b)).toEqual([0, 30]);
    expect(unite([0, 2], [2, 4])).toEqual([0, 4]);
    expect(unite([0, 2], [5, 6])).toEqual([0, 2, 5, 6]);
    expect(subtract(a, b)).toEqual([0, 3, 9, 11, 25, 30]);
    expect(subtract([0, 10], [2, 3, 5, 6])).toEqual([0, 2, 3, 5, 6, 10]);
    expect(subtract([0, 10], [])).toEqual([0, 10]);
    expect(intersect(a, [])).toEqual([]);
  });

  it("grows and shrinks runs, keeping an end at the row's edge there", () => {
    expect(widen([0, 5, 10, 14], -2, 20)).toEqual([0, 3]);
    expect(widen([3, 9, 16, 20], -2, 20)).toEqual([5, 7, 18, 20]);
    expect(widen([3, 5, 7, 9], 1, 20)).toEqual([2, 10]);
    expect(widen([0, 2, 18, 20], 3, 20)).toEqual([0, 5, 15, 20]);
  });
});
