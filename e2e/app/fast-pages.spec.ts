import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { appDatabase } from "./db";
import { expectAccessible, snap, uniqueEmail } from "./helpers";
import { ownerOfWorkspace, projectWithPhotos, roomBytes, uploadPhotos } from "./studio-api";

/**
 * Fast pages (issue 15 point 7), as a browser sees them: the photo grid loads each
 * photo's small WebP copy, never the multi-MB original, and a click that starts work
 * shows its working card before the server has answered. A photo stored before copies
 * existed shows its original until its copies are made, on its first look. How fast the page is goes to
 * `npm run bench` (figure 8), never into a test.
 */
const person = () => ({ name: "Noor Haddad", email: uniqueEmail("fast-pages"), password: "fast-pages-2024" });

test("the photo grid loads each photo's 480-px WebP copy, never the original", async ({ page }) => {
  const owner = await ownerOfWorkspace(page, person(), "Harbor Homes");
  const { id: projectId } = await owner.api.projects.create.mutate({
    workspaceId: owner.workspace.id,
    requestId: randomUUID(),
    fields: {
      address: "4 Quay Street",
      propertyType: "house",
      listingStatus: "active",
      listingType: "sale",
      price: null,
      bedrooms: null,
      bathrooms: null,
      notes: "",
    },
  });
  // Camera-sized originals, so a copy is clearly smaller than what was uploaded.
  const files = await Promise.all(
    ["#d6c7a1", "#c9b99a", "#e0d5bd"].map(async (color, i) => ({ name: `room-${i + 1}.jpg`, bytes: await roomBytes(color, 2400, 1800) })),
  );
  const photos = await uploadPhotos(page, owner.api, { workspaceId: owner.workspace.id, projectId }, files);
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));

  await page.goto(`/w/${owner.workspace.slug}/projects/${projectId}`);
  const grid = page.getByRole("list", { name: "Photos" }).getByRole("img");
  await expect(grid).toHaveCount(3);
  for (const image of await grid.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const shown = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(new URL(shown).pathname).toMatch(/\.thumb\.webp$/);
    // naturalWidth is scaled by the srcset density; the file itself is the 480-px copy.
    expect(await sharp(await (await page.request.get(shown)).body()).metadata()).toMatchObject({ format: "webp", width: 480, height: 360 });
  }
  for (const photo of photos) {
    expect(
      requested.filter((path) => path.endsWith(photo.storageKey)),
      `${photo.fileName}'s original was downloaded`,
    ).toEqual([]);
  }
});

test("a photo stored before copies existed shows its original, then gets its copies made once and shows those", async ({ page }) => {
  const owner = await ownerOfWorkspace(page, person(), "Harbor Homes");
  const { id: projectId } = await owner.api.projects.create.mutate({
    workspaceId: owner.workspace.id,
    requestId: randomUUID(),
    fields: {
      address: "9 Old Pier",
      propertyType: "house",
      listingStatus: "active",
      listingType: "sale",
      price: null,
      bedrooms: null,
      bathrooms: null,
      notes: "",
    },
  });
  const [photo] = await uploadPhotos(page, owner.api, { workspaceId: owner.workspace.id, projectId }, [
    { name: "old-hall.jpg", bytes: await roomBytes("#cbb994", 2400, 1800) },
  ]);
  // As a photo uploaded before copies were made: its copies are not in the local store and its row says so.
  const blobs = path.resolve(process.env.DATA_DIR ?? ".data", "blobs");
  const copies = ["thumb", "display"].map((size) => path.join(blobs, `${photo.storageKey}.${size}.webp`));
  for (const file of copies) fs.rmSync(file);
  const sql = appDatabase();
  try {
    await sql`update studio.photos set resized = false where id = ${photo.id}`;
  } finally {
    await sql.end();
  }

  await page.goto(`/w/${owner.workspace.slug}/projects/${projectId}`);
  const image = page.getByRole("list", { name: "Photos" }).getByRole("img", { name: "old-hall.jpg" });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname, "the original, while no copy exists").toMatch(
    /\.jpg$/,
  );
  await snap(page, "fast-pages-old-photo-original");

  // That first look asked for the copies (a durable function makes them); a later look shows them.
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        return new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
      },
      { timeout: 60_000, intervals: [1000, 2000, 3000] },
    )
    .toMatch(/\.thumb\.webp$/);
  for (const file of copies) expect(fs.existsSync(file), `${path.basename(file)} was made`).toBe(true);
  expect(await sharp(fs.readFileSync(copies[0])).metadata()).toMatchObject({ format: "webp", width: 480 });
  await snap(page, "fast-pages-old-photo-copies");
});

test("starting a workflow shows its working card before the server answers, even while the results still load", async ({ page }) => {
  const project = await projectWithPhotos(page, {
    person: person(),
    brokerage: "Harbor Homes",
    project: { address: "4 Quay Street" },
    photos: [{ name: "lounge.jpg", color: "#d6c7a1" }],
  });
  // Hold the results list and the start request: whatever shows meanwhile was drawn before any answer.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/trpc\/[^?]*generations\.(stage|list)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(project.projectPath);
  await expect(page.getByRole("status", { name: "Loading results" })).toBeVisible();
  await page.getByRole("button", { name: /^Stage photo/ }).click();
  const starting = page.getByRole("article", { name: "Staging, starting" });
  await expect(starting).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading results" }), "the list is still loading").toBeVisible();
  await expect(starting.getByRole("status")).toBeVisible();
  expect(
    await project.api.generations.list.query({ workspaceId: project.workspace.id, projectId: project.projectId }),
    "nothing started yet",
  ).toEqual([]);
  await expectAccessible(page, "project page with a working card");
  await snap(page, "fast-pages-working-card");

  release();
  await expect(page.getByRole("article", { name: "Staging", exact: true })).toBeVisible();
  await expect(starting).toHaveCount(0);
});
