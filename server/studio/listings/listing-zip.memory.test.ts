/**
 * The listing's zip is streamed, bounded in memory: a 40-photo listing of 4000 × 3000
 * images (about 6 MB each, labelled as they are written) goes out while the process
 * holds about one photo's work at a time. Held in memory, the same archive would need
 * every labelled photo at once.
 *
 * Bound: the process's buffers (`arrayBuffers`, where every Buffer of file bytes lives)
 * never grow more than ZIP_MEMORY_BOUND_MB above where they started, under half the
 * archive's size (about 250 MB here; measured peak about 80 MB). The resident size is
 * logged, not bounded: libvips's cache and native decode buffers (36 MB per 4000 × 3000
 * image) and the allocator's retained pages make it track the image size, not the
 * archive's, but too loosely to assert on.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { photos } from "@/db/schema";
import { sharp } from "@/server/images/sharp";
import { getBlobStore } from "@/server/storage";
import { studioWithPhotos } from "@/test/fixtures";
import { useAppStack } from "@/test/app-stack";
import { createStudioContext } from "../context";
import { insertGeneration, loadOutputs, updateOutput } from "../generations/records";
import { listingZip } from "./listing-zip";

useAppStack();

const PHOTOS = 40;
const ZIP_MEMORY_BOUND_MB = 112;

describe("the listing's zip stream", () => {
  it(`stays under ${ZIP_MEMORY_BOUND_MB} MB of buffers for ${PHOTOS} photos of 4000 × 3000`, async () => {
    const studio = await studioWithPhotos("Oona", 1);
    const scope = { workspaceId: studio.workspaceId, projectId: studio.projectId };
    const ctx = await createStudioContext();
    const store = getBlobStore();
    const [photo] = await ctx.db.select().from(photos).where(eq(photos.id, studio.photoIds[0]));
    // Noise compresses badly: each JPEG is as large as a detailed real photo, or larger.
    const original = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: "#b0a090", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const altered = await sharp(original).modulate({ brightness: 1.1 }).jpeg({ quality: 85 }).toBuffer();
    const picks: { outputId: string }[] = [];
    for (let index = 0; index < PHOTOS; index++) {
      const sourceKey = `${photo.storageKey}.big-${index}.jpg`;
      await store.put(sourceKey, original, "image/jpeg");
      const generation = await insertGeneration(
        ctx,
        {
          id: crypto.randomUUID(),
          ...scope,
          createdBy: studio.user.id,
          kind: "staging",
          photoId: photo.id,
          params: { redesign_type: "staging" },
        },
        [{ role: "staged", position: 0, sourceKey }],
      );
      const [output] = await loadOutputs(ctx, generation.id);
      await store.put(`${sourceKey}.out.jpg`, altered, "image/jpeg");
      await updateOutput(ctx, output, {
        status: "completed",
        provider: "replicate",
        storageKey: `${sourceKey}.out.jpg`,
        contentType: "image/jpeg",
      });
      picks.push({ outputId: output.id });
    }
    await studio.api.listings.setPicks({ ...scope, picks });

    const start = process.memoryUsage();
    let peak = { arrayBuffers: 0, rss: 0 };
    const sample = () => {
      const now = process.memoryUsage();
      peak = {
        arrayBuffers: Math.max(peak.arrayBuffers, now.arrayBuffers - start.arrayBuffers),
        rss: Math.max(peak.rss, now.rss - start.rss),
      };
    };
    const timer = setInterval(sample, 10);
    let bytes = 0;
    try {
      const { stream } = await listingZip(ctx, { ...scope, userId: studio.user.id });
      for await (const chunk of stream) {
        bytes += (chunk as Buffer).length;
        sample();
      }
    } finally {
      clearInterval(timer);
    }
    const mb = (n: number) => Math.round(n / 1024 / 1024);
    console.log(
      `[zip] ${PHOTOS} photos, ${mb(original.length)} MB each, zip ${mb(bytes)} MB; peak growth: buffers ${mb(peak.arrayBuffers)} MB, rss ${mb(peak.rss)} MB`,
    );
    expect(mb(bytes)).toBeGreaterThan(2 * ZIP_MEMORY_BOUND_MB);
    expect(mb(peak.arrayBuffers)).toBeLessThan(ZIP_MEMORY_BOUND_MB);
  }, 600_000);
});
