import { describe, expect, it } from "vitest";
import { sharp } from "@/server/images/sharp";
import { embedProvenance } from "@/server/provenance/embed-provenance";
import { provenanceRecord } from "@/server/provenance/provenance-record";
import { keepMaskPng } from "@/test/keep-masks";
import { burnDisclosureLabel } from "./disclosure-label";

const W = 800,
  H = 600;
const plain = () =>
  sharp({ create: { width: W, height: H, channels: 3, background: "#e8e4dc" } })
    .jpeg({ quality: 95 })
    .toBuffer();

/** The mean grey of a box of the image (fractions of the frame): the dark pill or the QR code pulls it down. */
async function meanGrey(image: Buffer, [x0, y0, x1, y1]: [number, number, number, number]): Promise<number> {
  const { data } = await sharp(image)
    .extract({ left: Math.round(x0 * W), top: Math.round(y0 * H), width: Math.round((x1 - x0) * W), height: Math.round((y1 - y0) * H) })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data.reduce((sum, v) => sum + v, 0) / data.length;
}

describe("burnDisclosureLabel", () => {
  it("puts the label and the QR code in the bottom corners when nothing is kept there", async () => {
    const labelled = await burnDisclosureLabel(await plain(), "Virtually staged", { originalUrl: "https://atrium.example/disclosure/abc" });
    expect(await meanGrey(labelled, [0, 0.85, 0.3, 1])).toBeLessThan(200);
    expect(await meanGrey(labelled, [0.8, 0.8, 1, 1])).toBeLessThan(200);
    expect(await meanGrey(labelled, [0, 0, 0.3, 0.15])).toBeGreaterThan(220);
  });

  it("places them outside the areas kept from the photo (D17)", async () => {
    // A fireplace kept across the bottom of the frame: the label and the code go to the top.
    const keptMask = await keepMaskPng(400, 300, [[0, 0.6, 1, 1]]);
    const labelled = await burnDisclosureLabel(await plain(), "Virtually staged", {
      originalUrl: "https://atrium.example/disclosure/abc",
      keptMask,
    });
    expect(await meanGrey(labelled, [0, 0.6, 1, 1])).toBeGreaterThan(220);
    expect(await meanGrey(labelled, [0, 0, 0.3, 0.15])).toBeLessThan(200);
    expect(await meanGrey(labelled, [0.8, 0, 1, 0.2])).toBeLessThan(200);
  });

  it("keeps the file's provenance", async () => {
    const record = provenanceRecord({
      operation: "staging",
      provider: "local",
      source: Buffer.from("photo"),
      createdAt: new Date(),
      keptAreas: [{ x: 0, y: 0.6, width: 1, height: 0.4, share: 0.4 }],
    });
    const stored = await embedProvenance({ bytes: await plain(), contentType: "image/jpeg" }, record);
    const labelled = await burnDisclosureLabel(stored.bytes, "Virtually staged");
    const { xmp } = await sharp(labelled).metadata();
    expect(xmp?.toString()).toContain("atrium:KeptFromOriginal");
  });
});
