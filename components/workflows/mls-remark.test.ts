import { describe, expect, it } from "vitest";
import { copyForMls } from "./mls-remark";

// The remark itself comes from the server (server/studio/exports/show-listing-remarks.ts), numbered as the listing page.
describe("copy for MLS", () => {
  it("adds the remark after the copy, or nothing when none is needed", () => {
    expect(copyForMls(" Copy. ", null)).toBe("Copy.");
    expect(copyForMls("Copy.", "Some listing photos are digitally altered. Photo 1: digitally altered: items removed.")).toBe(
      "Copy.\n\nSome listing photos are digitally altered. Photo 1: digitally altered: items removed.",
    );
  });
});
