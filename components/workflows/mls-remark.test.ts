import { describe, expect, it } from "vitest";
import { copyForMls, mlsRemark } from "./mls-remark";
import type { GenerationView } from "./types";

const run = (outputs: { role: string; url: string | null }[]) => ({ outputs }) as unknown as GenerationView;

describe("copy for MLS", () => {
  it("adds no remark when no photo of the listing was altered", () => {
    expect(mlsRemark([run([{ role: "video", url: "v.mp4" }]), run([{ role: "staged", url: null }])])).toBeNull();
    expect(copyForMls(" Copy. ", null)).toBe("Copy.");
  });

  it("adds the virtual-staging remark when a photo was staged, naming other alterations too", () => {
    const staged = mlsRemark([run([{ role: "staged", url: "a.jpg" }])]);
    expect(staged).toBe("Some listing photos have been virtually staged. Furniture and décor shown in staged photos are not included.");
    expect(copyForMls("Copy.", staged)).toBe(`Copy.\n\n${staged}`);
    expect(mlsRemark([run([{ role: "view", url: "a.jpg" }, { role: "upscaled", url: "b.jpg" }])])).toMatch(/^Some listing photos have been virtually staged or digitally altered\./);
    expect(mlsRemark([run([{ role: "inpainted", url: "b.jpg" }])])).toBe("Some listing photos have been digitally altered.");
  });
});
