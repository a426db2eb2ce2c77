import { describe, expect, it } from "vitest";
import { DISCLOSURE_LABELS } from "@/shared/disclosure";
import { copyForMls, mlsRemark, photoAlterations } from "./mls-remark";
import type { GenerationView } from "./types";

type Output = { role: string; url: string | null; sourcePhotoId: string | null; label: string | null };
const run = (outputs: Output[]) => ({ outputs: outputs.map(({ label, ...output }) => ({ ...output, disclosure: { label, preview: false, remark: null } })) }) as unknown as GenerationView;
const photos = [{ id: "p1" }, { id: "p2" }, { id: "p3" }];

// The wording itself is shared/listing-remarks.ts's (tested there); this is the studio's mapping.
describe("copy for MLS", () => {
  it("adds no remark when no photo of the listing was altered (a video or an unfinished output is not)", () => {
    const runs = [run([{ role: "video", url: "v.mp4", sourcePhotoId: "p1", label: DISCLOSURE_LABELS.aiVideo }]), run([{ role: "staged", url: null, sourcePhotoId: "p1", label: DISCLOSURE_LABELS.virtuallyStaged }])];
    expect(mlsRemark(photos, runs)).toBeNull();
    expect(copyForMls(" Copy. ", null)).toBe("Copy.");
  });

  it("numbers altered photos as listed, with the labels of what was made from each", () => {
    const runs = [
      run([{ role: "staged", url: "a.jpg", sourcePhotoId: "p2", label: DISCLOSURE_LABELS.virtuallyStaged }]),
      run([{ role: "inpainted", url: "b.jpg", sourcePhotoId: "p3", label: DISCLOSURE_LABELS.itemsRemoved }]),
    ];
    expect(photoAlterations(photos, runs)).toEqual([
      { number: 1, labels: [] },
      { number: 2, labels: [DISCLOSURE_LABELS.virtuallyStaged] },
      { number: 3, labels: [DISCLOSURE_LABELS.itemsRemoved] },
    ]);
    const remark = mlsRemark(photos, runs);
    expect(remark).toMatch(/^Some listing photos are virtually staged or digitally altered\. Photo 2: virtually staged\. Photo 3: digitally altered: items removed\.$/);
    expect(copyForMls("Copy.", remark)).toBe(`Copy.\n\n${remark}`);
    expect(mlsRemark(photos, runs, "es")).not.toBe(remark);
  });
});
