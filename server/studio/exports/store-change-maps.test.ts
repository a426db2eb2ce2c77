import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { photos } from "@/db/schema";
import { syntheticRoom } from "@/test/synthetic-room";
import { createStudioContext } from "../context";
import { studioWithPhotos } from "@/test/fixtures";
import { insertGeneration, loadOutputs, updateOutput } from "../generations/records";
import { changeMapKeys } from "./change-map-of";
import { storeChangeMaps } from "./store-change-maps";

afterAll(closeDb);

describe("storeChangeMaps", () => {
  it("stores the map of each finished image output when the generation settles, and skips unfinished ones", async () => {
    const ctx = await createStudioContext();
    const studio = await studioWithPhotos("Noor", 1);
    const [photo] = await ctx.db.select().from(photos).where(eq(photos.id, studio.photoIds[0]));
    const generation = await insertGeneration(
      ctx,
      {
        id: crypto.randomUUID(),
        workspaceId: studio.workspaceId,
        projectId: studio.projectId,
        createdBy: studio.user.id,
        kind: "staging",
        photoId: photo.id,
        params: { redesign_type: "declutter" },
      },
      [0, 1].map((position) => ({ role: "staged" as const, position, sourceKey: photo.storageKey })),
    );
    const [done, running] = (await loadOutputs(ctx, generation.id)).sort((a, b) => a.position - b.position);
    const outputKey = `${photo.storageKey}.declutter-output.jpg`;
    await ctx.storage.put(outputKey, await syntheticRoom({ width: 320, height: 240, format: "jpeg" }), "image/jpeg");
    await updateOutput(ctx, done, { status: "completed", storageKey: outputKey, contentType: "image/jpeg" });

    expect(await storeChangeMaps(ctx, generation.id)).toEqual({ stored: 1 });
    const summary = await ctx.storage.get(changeMapKeys(outputKey).summary);
    expect(JSON.parse(summary!.bytes.toString("utf8"))).toMatchObject({ mode: "removed" });
    expect(running.status).not.toBe("completed");
  });
});
