/**
 * The generation_params_as_sent migration rewrites generations stored in the studio's old camelCase words into
 * the v1 request they sent (the shape the readers expect now), keeps every value, and
 * changes nothing when run again.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { generations } from "@/db/schema/studio-generations";
import { studioWithPhotos } from "@/test/fixtures";
import { migrationText } from "@/test/migration-text";

afterAll(() => closeDb());

const statements = migrationText("generation_params_as_sent")
  .split("--> statement-breakpoint")
  .map((statement) => statement.trim());

const image = { type: "photo", id: "7d4c8f0e-2f1a-4c1e-9a55-0d7f8f0f4f11" };
const OLD_AND_NEW = {
  staging: [
    { redesignType: "staging", roomType: "bedroom", style: "modern", color: null, intensity: 0.6, fast: true, seed: 12 },
    { redesign_type: "staging", room_type: "bedroom", style: "modern", intensity: 0.6, fast: true, seed: 12 },
  ],
  multiview: [
    { roomType: "kitchen", style: "coastal", color: null, intensity: 0.6, photoIds: ["a", "b"], siblingCost: 6 },
    { room_type: "kitchen", style: "coastal", intensity: 0.6, photoIds: ["a", "b"], siblingCost: 6 },
  ],
  inpaint_upscale: [
    { maskKey: "studio/m/mask.png", inpaintingType: "replace", renderType: "interior", roomType: "bedroom", style: null },
    { inpainting_type: "replace", render_type: "interior", room_type: "bedroom", maskKey: "studio/m/mask.png" },
  ],
  video: [
    { mode: "zoom_in", image, tailImage: null },
    { mode: "zoom_in", duration: 5, image, tailImage: null },
  ],
  description: [
    {
      photoIds: ["a"],
      property: {
        address: "",
        propertyType: "house",
        listingStatus: "draft",
        listingType: "sale",
        price: 850000,
        bedrooms: 3,
        highlights: ["New roof"],
      },
      tone: "warm",
      length: "short",
      language: "fr",
    },
    {
      photoIds: ["a"],
      property_data: {
        property_type: "house",
        listing_type: "sale",
        price: 850000,
        currency: "USD",
        bedrooms: 3,
        highlights: ["New roof"],
      },
      generation_settings: { tone: "warm", length: "short", language: "fr" },
    },
  ],
} as const;

it("rewrites each workflow's stored params into the request's words, once", async () => {
  const db = await getDb();
  const studio = await studioWithPhotos("Migrating", 0);
  const ids = new Map<string, string>();
  for (const [kind, [old]] of Object.entries(OLD_AND_NEW)) {
    const [row] = await db
      .insert(generations)
      .values({
        workspaceId: studio.workspaceId,
        projectId: studio.projectId,
        kind: kind as keyof typeof OLD_AND_NEW,
        status: "completed",
        params: old,
      })
      .returning({ id: generations.id });
    ids.set(kind, row.id);
  }
  const migrate = async () => {
    for (const statement of statements) await db.execute(sql.raw(statement));
  };
  const stored = async (kind: string) =>
    (
      await db
        .select({ params: generations.params })
        .from(generations)
        .where(eq(generations.id, ids.get(kind)!))
    )[0].params;

  await migrate();
  for (const [kind, [, now]] of Object.entries(OLD_AND_NEW)) expect(await stored(kind), kind).toEqual(now);
  await migrate();
  for (const [kind, [, now]] of Object.entries(OLD_AND_NEW)) expect(await stored(kind), kind).toEqual(now);
});
