import { describe, expect, it } from "vitest";
import { PAINT_COLOR_NAMES, PAINT_PALETTE, normalizeColor } from "./palettes";

describe("normalizeColor", () => {
  it("accepts hex colours in any case and lowercases them", () => {
    expect(normalizeColor("#A1B2C3")).toBe("#a1b2c3");
    expect(normalizeColor("#ffffff")).toBe("#ffffff");
  });

  it("accepts palette names with spaces, hyphens or underscores in any case", () => {
    const sage = PAINT_PALETTE.sage_green;
    expect(normalizeColor("Sage Green")).toBe(sage);
    expect(normalizeColor("sage-green")).toBe(sage);
    expect(normalizeColor("SAGE_GREEN")).toBe(sage);
    expect(normalizeColor("  navy ")).toBe(PAINT_PALETTE.navy);
  });

  it("rejects anything else", () => {
    for (const bad of ["#fff", "#12345g", "red-ish", "", "ffffff", "#1234567"]) expect(normalizeColor(bad)).toBeNull();
  });

  it("has at least 12 named colours, each a valid hex", () => {
    expect(PAINT_COLOR_NAMES.length).toBeGreaterThanOrEqual(12);
    for (const name of PAINT_COLOR_NAMES) expect(normalizeColor(name)).toMatch(/^#[0-9a-f]{6}$/);
  });
});
