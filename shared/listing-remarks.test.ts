import { describe, expect, it } from "vitest";
import { DISCLOSURE_LABELS } from "./disclosure";
import { listingRemarks, versionStamp } from "./listing-remarks";

describe("listingRemarks", () => {
  const photos = [
    { number: 5, labels: [DISCLOSURE_LABELS.virtuallyStaged] },
    { number: 1, labels: [] },
    { number: 2, labels: [DISCLOSURE_LABELS.virtuallyStaged] },
    { number: 3, labels: [DISCLOSURE_LABELS.itemsRemoved] },
  ];

  it("writes the remark line and per-photo suffixes from which photos were altered", () => {
    const remarks = listingRemarks({ photos, shareUrl: "https://atrium.example/share/abc", ruleSetId: "california" });
    expect(remarks.remark).toBe(
      "Some listing photos are virtually staged or digitally altered. Photos 2 and 5: virtually staged. Photo 3: digitally altered: items removed. Unaltered originals: https://atrium.example/share/abc",
    );
    expect(remarks.photoSuffixes).toEqual([
      { number: 2, photo: "Photo 2", suffix: " (Virtually staged)" },
      { number: 3, photo: "Photo 3", suffix: " (Digitally altered: items removed)" },
      { number: 5, photo: "Photo 5", suffix: " (Virtually staged)" },
    ]);
    expect(remarks.originalLinkMissing).toBe(false);
  });

  it("speaks the listing's language and says when the rules want a link that is missing", () => {
    const remarks = listingRemarks({ photos, language: "es-MX", ruleSetId: "general" });
    expect(remarks.language).toBe("es");
    expect(remarks.remark).toMatch(
      /^Algunas fotos del anuncio .* Fotos 2 y 5: amueblada virtualmente\. Foto 3: alterada digitalmente: objetos eliminados\.$/,
    );
    expect(remarks.originalLinkMissing).toBe(true);
    expect(remarks.photoSuffixes[0]).toEqual({ number: 2, photo: "Foto 2", suffix: " (Amueblada virtualmente)" });
    expect(listingRemarks({ photos: [{ number: 1, labels: [] }] }).remark).toBeNull();
  });

  it("says staged only when a photo was staged: removals and style previews are altered", () => {
    const altered = [
      { number: 1, labels: [DISCLOSURE_LABELS.stylePreview] },
      { number: 2, labels: [DISCLOSURE_LABELS.itemsRemoved] },
    ];
    expect(listingRemarks({ photos: altered }).remark).toBe(
      "Some listing photos are digitally altered. Photo 1: style preview (colors only, not staged). Photo 2: digitally altered: items removed.",
    );
    expect(listingRemarks({ photos: altered, language: "de" }).remark).toMatch(/^Einige Fotos dieses Angebots sind digital bearbeitet\. /);
  });

  it("names the published version it came from, in the listing's language", () => {
    const version = { number: 3, publishedAt: new Date("2026-12-06T23:30:00Z") };
    const remarks = listingRemarks({ photos, shareUrl: "https://atrium.example/share/abc", version });
    expect(remarks.remark).toMatch(/Unaltered originals: https:\/\/atrium\.example\/share\/abc \(Version 3, published 6 Dec 2026\)$/);
    expect(remarks.versionStamp).toBe("Version 3, published 6 Dec 2026");
    expect(listingRemarks({ photos: [{ number: 1, labels: [] }], version }).versionStamp).toBe("Version 3, published 6 Dec 2026");
    expect(versionStamp(version, "de")).toBe("Version 3, veröffentlicht am 6. Dez. 2026");
    expect(versionStamp(version, "fr")).toBe("Version 3, publiée le 6 déc. 2026");
    // The team's draft is no version.
    expect(listingRemarks({ photos }).versionStamp).toBeNull();
  });
});
