import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { photos } from "@/db/schema";
import { createStudioContext } from "../context";
import { insertGeneration, loadOutputs, updateOutput } from "../generations/records";
import { studioWithPhotos } from "@/test/fixtures";
import { showListingRemarks } from "./show-listing-remarks";
import { publishDraft } from "@/test/listing";

afterAll(closeDb);

describe("showListingRemarks", () => {
  it("words the remark and photo notes from the results picked for the listing page, numbered as picked, in the listing's language, with the page", async () => {
    const ctx = await createStudioContext();
    const studio = await studioWithPhotos("Lena", 3);
    const input = { workspaceId: studio.workspaceId, projectId: studio.projectId };
    expect(await showListingRemarks(ctx, input)).toMatchObject({ remark: null, photoSuffixes: [] });

    const keyOf = async (id: string) => (await ctx.db.select().from(photos).where(eq(photos.id, id)))[0].storageKey;
    // Photo 3 staged by a hosted model, photo 2 decluttered offline; photo 1's staging still running (it cannot be picked).
    const finished: string[] = [];
    for (const [index, params, provider, status] of [
      [2, { redesign_type: "staging" }, "replicate", "completed"],
      [1, { redesign_type: "declutter" }, "local", "completed"],
      [0, { redesign_type: "staging" }, "replicate", "running"],
    ] as const) {
      const sourceKey = await keyOf(studio.photoIds[index]);
      const generation = await insertGeneration(
        ctx,
        { id: crypto.randomUUID(), ...input, createdBy: studio.user.id, kind: "staging", photoId: studio.photoIds[index], params },
        [{ role: "staged", position: 0, sourceKey }],
      );
      const [output] = await loadOutputs(ctx, generation.id);
      await updateOutput(ctx, output, {
        status,
        provider,
        storageKey: status === "completed" ? `${sourceKey}.out.jpg` : null,
        contentType: "image/jpeg",
      });
      if (status === "completed") finished.push(output.id);
    }
    expect(await showListingRemarks(ctx, input)).toMatchObject({ remark: null, photoSuffixes: [] });
    // Picked: the declutter first, then the staging. The listing's numbers are the picks'.
    await studio.api.listings.setPicks({ ...input, picks: [{ outputId: finished[1] }, { outputId: finished[0] }] });

    const english = await showListingRemarks(ctx, input);
    expect(english.remark).toBe(
      "Some listing photos are virtually staged or digitally altered. Photo 1: digitally altered: items removed. Photo 2: virtually staged.",
    );
    expect(english.photoSuffixes).toEqual([
      { number: 1, photo: "Photo 1", suffix: " (Digitally altered: items removed)" },
      { number: 2, photo: "Photo 2", suffix: " (Virtually staged)" },
    ]);
    expect(english.originalLinkMissing).toBe(true);

    await publishDraft(studio.api, input);
    const french = await showListingRemarks(ctx, { ...input, language: "fr" });
    expect(french.shareUrl).toMatch(/\/share\/[\w-]+$/);
    expect(french.remark).toMatch(/^Certaines photos de l'annonce sont meublées virtuellement ou modifiées numériquement\. /);
    expect(french.remark).toContain("Photo 2");
    expect(french.remark).toContain("meublée virtuellement");
    expect(french.remark!.endsWith(`${french.shareUrl!} (${french.versionStamp})`)).toBe(true);
    expect(french.versionStamp).toMatch(/^Version 1, publiée le /);
    expect(french.originalLinkMissing).toBe(false);
  });
});
