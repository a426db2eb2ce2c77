import { describe, expect, it } from "vitest";
import { sharp } from "@/server/images/sharp";
import { roomBoxRect, syntheticRoom } from "@/test/synthetic-room";
import { getBlobStore } from "@/server/storage";
import { changeMapKeys, changeMapOf } from "./change-map-of";

describe("changeMapOf", () => {
  it("computes a declutter output's map once, stores it beside the output, and reads it back after", async () => {
    const store = getBlobStore();
    const stem = `test/change-map/${crypto.randomUUID()}`;
    const source = await syntheticRoom({ width: 320, height: 240, box: true, format: "jpeg" });
    const output = await syntheticRoom({ width: 320, height: 240, box: false, format: "jpeg" });
    await store.put(`${stem}/photo.jpg`, source, "image/jpeg");
    await store.put(`${stem}/output.jpg`, output, "image/jpeg");
    const input = {
      generation: { kind: "staging" as const, params: { redesign_type: "declutter" } },
      output: { role: "staged" as const, sourceKey: `${stem}/photo.jpg`, storageKey: `${stem}/output.jpg`, contentType: "image/jpeg" },
    };

    const first = await changeMapOf(store, input);
    expect(first).toMatchObject({ mode: "removed", regions: ["floor"], regraded: false });
    expect(first!.summary).toMatch(/^changed: 3 % of the image, regions: floor$/);
    const box = roomBoxRect(320, 240);
    expect(Math.abs(first!.boxes[0].x - box.x)).toBeLessThanOrEqual(3);
    const overlay = await store.get(changeMapKeys(`${stem}/output.jpg`).overlay);
    expect((await sharp(overlay!.bytes).metadata()).format).toBe("png");
    expect(await store.resolveOwnUrl(first!.overlayUrl)).toBe(changeMapKeys(`${stem}/output.jpg`).overlay);

    // The stored summary is what a second request answers, without recomputing.
    await store.put(`${stem}/photo.jpg`, output, "image/jpeg");
    expect(await changeMapOf(store, input)).toMatchObject({ summary: first!.summary, changedPercent: first!.changedPercent });
  });

  it("carries the structure check's verdict and every zone's scores for a staging-type output", async () => {
    const store = getBlobStore();
    const stem = `test/change-map/${crypto.randomUUID()}`;
    const room = await syntheticRoom({ width: 320, height: 240, format: "jpeg" });
    // The window (x 0.12..0.28, y 0.2..0.48 of the frame) painted over in the wall's colour.
    const painted = await sharp(room)
      .composite([{ input: { create: { width: 58, height: 72, channels: 3, background: "#c8c0b0" } }, left: 36, top: 46 }])
      .jpeg({ quality: 90 })
      .toBuffer();
    await store.put(`${stem}/photo.jpg`, room, "image/jpeg");
    await store.put(`${stem}/output.jpg`, painted, "image/jpeg");
    const map = await changeMapOf(store, {
      generation: { kind: "staging", params: { redesignType: "staging", roomType: "living_room" } },
      output: { role: "staged", sourceKey: `${stem}/photo.jpg`, storageKey: `${stem}/output.jpg`, contentType: "image/jpeg" },
    });
    // Lines lost never refuse on their own (D17): a person is asked to look.
    expect(map!.structure).toMatchObject({ verdict: "review", summary: expect.stringMatching(/^Check this: .*upper left wall/) });
    expect(map!.structure!.zones[0]).toMatchObject({
      zone: "upper left wall",
      verdict: "review",
      scores: expect.stringMatching(/lines kept \d+ % \(needs 55 %\)/),
    });
    expect(map!.structure!.zones.map((z) => z.zone)).toContain("floor");
    // The window's two sides are all the uprights this room has, under the 60 % of its height they are judged on.
    expect(map!.structure!.zones.find((z) => z.zone === "door and window uprights")).toMatchObject({
      verdict: "pass",
      scores: "too few long uprights to judge",
    });
  });

  it("judges again a verdict stored before the check had three (its words would no longer read)", async () => {
    const store = getBlobStore();
    const stem = `test/change-map/${crypto.randomUUID()}`;
    const room = await syntheticRoom({ width: 320, height: 240, format: "jpeg" });
    await store.put(`${stem}/photo.jpg`, room, "image/jpeg");
    await store.put(`${stem}/output.jpg`, room, "image/jpeg");
    const keys = changeMapKeys(`${stem}/output.jpg`);
    const earlier = {
      changedPercent: 0,
      regions: [],
      regraded: false,
      mode: "added",
      boxes: [],
      structure: { verdict: "pass", reason: "", zones: [{ zone: "floor", failed: false, scores: "…" }] },
    };
    await store.put(keys.overlay, Buffer.from("png"), "image/png");
    await store.put(keys.summary, Buffer.from(JSON.stringify(earlier)), "application/json");
    const map = await changeMapOf(store, {
      generation: { kind: "staging", params: { redesign_type: "staging", room_type: "living_room" } },
      output: { role: "staged", sourceKey: `${stem}/photo.jpg`, storageKey: `${stem}/output.jpg`, contentType: "image/jpeg" },
    });
    expect(map!.structure).toMatchObject({ verdict: "pass", summary: expect.stringMatching(/look as in the photo/) });
    expect(map!.structure!.zones.every((z) => "verdict" in z)).toBe(true);
  });

  it("words a summary stored by earlier code as today's code does (US English)", async () => {
    const store = getBlobStore();
    const stem = `test/change-map/${crypto.randomUUID()}`;
    const keys = changeMapKeys(`${stem}/output.jpg`);
    const earlier = {
      changedPercent: 12.4,
      regions: ["floor"],
      regraded: true,
      summary: "changed: 12 % of the image, regions: floor, colours re-graded across the whole image",
      mode: "added",
      boxes: [],
    };
    await store.put(keys.overlay, Buffer.from("png"), "image/png");
    await store.put(keys.summary, Buffer.from(JSON.stringify(earlier)), "application/json");
    const map = await changeMapOf(store, {
      generation: { kind: "staging", params: { redesign_type: "staging" } },
      output: { role: "staged", sourceKey: `${stem}/photo.jpg`, storageKey: `${stem}/output.jpg`, contentType: "image/jpeg" },
    });
    expect(map!.summary).toBe("changed: 12 % of the image, regions: floor, colors re-graded across the whole image");
  });

  it("has no map for videos or outputs without a source", async () => {
    const store = getBlobStore();
    expect(
      await changeMapOf(store, {
        generation: { kind: "video", params: {} },
        output: { role: "video", sourceKey: "a", storageKey: "b.mp4", contentType: "video/mp4" },
      }),
    ).toBeNull();
    expect(
      await changeMapOf(store, {
        generation: { kind: "staging", params: {} },
        output: { role: "staged", sourceKey: null, storageKey: "b.jpg", contentType: "image/jpeg" },
      }),
    ).toBeNull();
  });
});
