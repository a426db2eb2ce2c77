import { describe, expect, it } from "vitest";
import { listingRemarks } from "./listing-remarks";
import { DISCLOSURE_LABELS } from "./disclosure";
import { fileSlug, numberListing } from "./listing-numbering";

describe("numberListing", () => {
  it("numbers photos and videos apart, in pick order, with file stems that sort as listed", () => {
    const numbered = numberListing([{ medium: "photo" as const }, { medium: "video" as const }, { medium: "photo" as const }]);
    expect(numbered.map(({ name, fileStem }) => [name, fileStem])).toEqual([
      ["Photo 1", "photo-01"],
      ["Video 1", "video-01"],
      ["Photo 2", "photo-02"],
    ]);
    const many = numberListing(Array.from({ length: 120 }, () => ({ medium: "photo" as const })));
    expect([many[0].fileStem, many[119].fileStem]).toEqual(["photo-001", "photo-120"]);
  });

  it("gives the remark the same numbers as the page (a video is not a photo)", () => {
    const picks = numberListing([
      { medium: "video" as const, label: DISCLOSURE_LABELS.aiVideo },
      { medium: "photo" as const, label: DISCLOSURE_LABELS.itemsRemoved },
      { medium: "photo" as const, label: DISCLOSURE_LABELS.virtuallyStaged },
    ]);
    const remark = listingRemarks({
      photos: picks.filter((p) => p.medium === "photo").map((p) => ({ number: p.number, labels: [p.label] })),
    }).remark;
    expect(remark).toBe(
      "Some listing photos are virtually staged or digitally altered. Photo 1: digitally altered: items removed. Photo 2: virtually staged.",
    );
  });

  it("slugs labels for file names", () => {
    expect(fileSlug("Digitally altered: items removed")).toBe("digitally-altered-items-removed");
  });
});
