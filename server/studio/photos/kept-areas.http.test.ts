/**
 * "Keep these areas" in the studio (D17), through the tRPC procedures, the real v1 routes
 * and the durable functions: areas suggested from a photo's lines, the mask and what each
 * area is saved with the photo, a staging that keeps them (the service pastes the photo's
 * pixels back), the run's own copy of them, its outline on the result, the disclosure page's
 * sentence, and the labelled download's label placed outside them.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { studioFunctions } from "@/inngest/functions/studio";
import { v1Functions } from "@/inngest/functions/v1";
import { KEPT_AREAS, keptAt } from "@/server/images/kept-areas";
import { decodeRgb } from "@/server/images/raw-image";
import { getBlobStore } from "@/server/storage";
import { useAppStack } from "@/test/app-stack";
import { studioWithPhotos } from "@/test/fixtures";
import { keepMaskPng, shrunkBy } from "@/test/keep-masks";

useAppStack({ functions: [...v1Functions, ...studioFunctions] });
let studio: Awaited<ReturnType<typeof studioWithPhotos>>;

beforeAll(async () => {
  studio = await studioWithPhotos("Ines", 2);
}, 60_000);

/** The window of the studio's test photo (test/images.ts roomPhoto: x 0.08–0.26, y 0.12–0.37), and a painted fireplace low on the left. */
const WINDOW: [number, number, number, number] = [0.06, 0.1, 0.28, 0.39];
const FIREPLACE: [number, number, number, number] = [0.02, 0.55, 0.3, 0.98];
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;

async function settled(generationId: string) {
  const { api, workspaceId, projectId } = studio;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const generation = (await api.generations.list({ workspaceId, projectId })).find((g) => g.id === generationId);
    if (generation && generation.status !== "running") return generation;
    if (Date.now() > deadline) throw new Error(`generation ${generationId} still running`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const bytesOf = async (url: string) => (await getBlobStore().get((await getBlobStore().resolveOwnUrl(url))!))!.bytes;

describe("kept areas in the studio", () => {
  it("saves a photo's kept areas, stages it keeping them, and says so on the result and its disclosure page", async () => {
    const { api, workspaceId, projectId, photoIds } = studio;
    expect(Array.isArray(await api.photos.suggestKeptAreas({ workspaceId, photoId: photoIds[0] }))).toBe(true);
    const mask = await keepMaskPng(640, 480, [WINDOW, FIREPLACE]);
    const areas = [
      {
        kind: "window" as const,
        name: "window",
        polygon: [
          [0.06, 0.1],
          [0.28, 0.1],
          [0.28, 0.39],
          [0.06, 0.39],
        ] as [number, number][],
      },
      { kind: "painted" as const, name: "fireplace", polygon: null },
    ];
    await api.photos.saveKeptAreas({ workspaceId, photoId: photoIds[0], maskDataUrl: dataUrl(mask), areas });
    const listed = (await api.photos.list({ workspaceId, projectId })).find((photo) => photo.id === photoIds[0])!;
    expect(listed.keptAreas.map((area) => area.name)).toEqual(["window", "fireplace"]);
    const saved = await api.photos.keptAreas({ workspaceId, photoId: photoIds[0] });
    expect(saved.maskDataUrl).toMatch(/^data:image\/png;base64,/);

    const { id } = await api.generations.stage({
      workspaceId,
      projectId,
      photoId: photoIds[0],
      redesignType: "staging",
      roomType: "living_room",
      style: "modern",
      intensity: 0.6,
      fast: true,
    });
    const generation = await settled(id);
    expect(generation.status).toBe("completed");
    const [output] = generation.outputs;
    expect(output.kept).toEqual({ maskUrl: expect.any(String), names: ["window", "fireplace"] });

    // The service kept the photo's pixels there: within the encoder's rounding of the photo's own.
    const [result, photo] = await Promise.all([decodeRgb(await bytesOf(output.url!)), decodeRgb(await bytesOf(output.sourceUrl!))]);
    const inner = shrunkBy(await keptAt(mask, photo.width, photo.height), photo.width, photo.height, KEPT_AREAS.seam);
    let sum = 0,
      count = 0;
    for (let p = 0; p < inner.length; p++) {
      if (!inner[p]) continue;
      for (let c = p * 3; c < p * 3 + 3; c++) sum += Math.abs(result.data[c] - photo.data[c]);
      count += 3;
    }
    expect(count).toBeGreaterThan(3000);
    expect(sum / count).toBeLessThan(1.5);

    // The run keeps its own copy: the photo's areas changed or cleared later change nothing it shows.
    await api.photos.saveKeptAreas({ workspaceId, photoId: photoIds[0], maskDataUrl: null, areas: [] });
    expect((await api.photos.list({ workspaceId, projectId })).find((p) => p.id === photoIds[0])!.keptAreas).toEqual([]);
    const again = (await settled(id)).outputs[0];
    expect((await sharp(await bytesOf(again.kept!.maskUrl)).metadata()).format).toBe("png");

    // The disclosure page of the labelled download says what was kept.
    const exported = await api.exports.exportOutput({ workspaceId, outputId: output.id, disclosure: true });
    expect(exported.labelled).toBe(true);
    const token = (exported as { pageUrl: string }).pageUrl.split("/").pop()!;
    const page = await api.exports.imagePage({ token });
    expect(page.item.kept).toBe("The window and the fireplace are kept exactly from the original photo.");
  }, 120_000);

  it("refuses kept areas painted on another shape, or nothing at all", async () => {
    const { api, workspaceId, photoIds } = studio;
    const areas = [{ kind: "painted" as const, name: "fireplace", polygon: null }];
    await expect(
      api.photos.saveKeptAreas({
        workspaceId,
        photoId: photoIds[1],
        maskDataUrl: dataUrl(await keepMaskPng(400, 400, [FIREPLACE])),
        areas,
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/another shape/) });
    await expect(
      api.photos.saveKeptAreas({ workspaceId, photoId: photoIds[1], maskDataUrl: dataUrl(await keepMaskPng(640, 480, [])), areas }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/Mark at least one area/) });
    await expect(
      api.photos.saveKeptAreas({ workspaceId, photoId: photoIds[1], maskDataUrl: "data:image/jpeg;base64,AAAA", areas }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await api.photos.keptAreas({ workspaceId, photoId: photoIds[1] })).maskDataUrl).toBeNull();
  });
});
