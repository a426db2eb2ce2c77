import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { appDatabase, workspaceCredits } from "./db";
import { choosePhotos, expectAccessible, roomJpeg, signUp, snap, uniqueEmail } from "./helpers";

/**
 * Whole-listing staging (issue 18 point 2): the total on the button before the click; a
 * double click (each request also delivered twice) starts one batch and charges each
 * photo once; progress in sight and kept across a reload; pause and resume; results
 * grouped with their batch and labelled as style previews on the offline provider.
 * The test server hands the service one photo at a time (STUDIO_BATCH_IN_FLIGHT=1 in
 * playwright.config.ts), so photos wait and the batch can be paused with photos not started.
 */
// Sign-up goes through the mailed link and a sign-in (an argon2 hash more on a shared machine).
test.describe.configure({ timeout: 210_000 });

/** Screenshots at desktop and phone width, with no sideways scroll at 390 px. */
async function atBothWidths(page: Page, name: string) {
  await snap(page, `${name}-1280`);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await snap(page, `${name}-390`);
  if (size) await page.setViewportSize(size);
}

test("a 3-photo listing: cost on the button, one batch and one charge per photo for a double click, progress kept across a reload, results grouped", async ({
  page,
}) => {
  await page.goto("/sign-up");
  await signUp(page, { name: "Bo Batch", email: uniqueEmail("batch"), password: "whole-listing-2026" });
  await expect(page).toHaveURL(/\/workspaces/, { timeout: 45_000 });
  await page.getByLabel("Brokerage name").fill("Batch Realty");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  const slug = new URL(page.url()).pathname.split("/")[2];
  await page.getByRole("button", { name: "New project" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Address").fill("40 Listing Row");
  await dialog.getByLabel("Property type").selectOption("house");
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "40 Listing Row" })).toBeVisible();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-batch-"));
  await choosePhotos(page, [
    await roomJpeg(dir, "lounge.jpg", "#d6c7a1", 640, 480),
    await roomJpeg(dir, "bedroom.jpg", "#cfd8dc", 640, 480),
    await roomJpeg(dir, "kitchen.jpg", "#e8dcc8", 640, 480),
  ]);
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem")).toHaveCount(3);

  await page.getByRole("tab", { name: "Whole listing" }).click();
  const form = page.getByRole("form", { name: "Stage all photos of this listing" });
  const start = form.getByRole("button", { name: /^Stage all 3 photos/ });
  await test.step("the total is on the button before the click; each photo's room type can be changed", async () => {
    await expect(start).toHaveText(/^Stage all 3 photos\s*· 3 staging jobs of the monthly quota · no credits$/);
    await form.getByLabel("Style for the whole listing").selectOption("japandi");
    await form.getByLabel("Room type of bedroom.jpg").selectOption("bedroom");
    await form.getByLabel("Room type of kitchen.jpg").selectOption("kitchen");
    await expectAccessible(page, "whole-listing form");
    await atBothWidths(page, "batch-01-form");
  });

  const batch = page.getByRole("article", { name: "Whole listing · Japandi" });
  await test.step("a double click, each request delivered twice, starts one batch", async () => {
    const startCall = (url: URL) =>
      url.pathname.startsWith("/api/trpc/") &&
      decodeURIComponent(url.pathname.split("/").at(-1) ?? "")
        .split(",")
        .includes("batches.start");
    await page.route(startCall, async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      const [first, second] = await Promise.all([route.fetch(), route.fetch()]);
      expect(second.status()).toBe(first.status());
      await route.fulfill({ response: first });
    });
    await start.dblclick();
    await expect(page.getByRole("list", { name: "Listing batches" }).getByRole("article")).toHaveCount(1);
    await batch.getByRole("button", { name: "Pause" }).click();
    await expect(batch.getByText("Paused", { exact: true })).toBeVisible();
  });

  await test.step("progress is in sight and the same after a reload", async () => {
    // Photos already with the service finish; then the paused batch stands still.
    await expect(batch.getByText("Staging the photo…")).toHaveCount(0, { timeout: 60_000 });
    const progress = batch.getByText(/of 3 photos done/);
    const before = await progress.textContent();
    expect(before).toMatch(/^[0-2] of 3 photos done$/);
    await expect(batch.getByText("Paused: not started yet").first()).toBeVisible();
    await page.reload();
    await expect(batch.getByText("Paused", { exact: true })).toBeVisible();
    await expect(batch.getByText(/of 3 photos done/)).toHaveText(before!);
    await atBothWidths(page, "batch-02-paused");
  });

  await test.step("resumed, every photo is staged, grouped with its batch and labelled as a style preview", async () => {
    // Every file the page downloads from here on (uploads are PUTs, so GETs only).
    const requested: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET") requested.push(new URL(request.url()).pathname);
    });
    await batch.getByRole("button", { name: "Resume" }).click();
    await expect(batch.getByText("3 of 3 photos done")).toBeVisible({ timeout: 90_000 });
    await expect(batch.getByText("Done", { exact: true })).toBeVisible();
    const photos = batch.getByRole("list", { name: "Batch photos" }).getByRole("listitem");
    await expect(photos).toHaveCount(3);
    for (const name of ["lounge.jpg", "bedroom.jpg", "kitchen.jpg"]) {
      await expect(batch.getByRole("img", { name: `Style preview of ${name}, result` })).toBeVisible();
      // Before and after both load as WebP copies, never the full-size files (Download has those).
      for (const side of ["result", "original"]) {
        const image = batch.getByRole("img", { name: `Style preview of ${name}, ${side}` });
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        expect(new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).toMatch(/\.(thumb|display)\.webp$/);
      }
    }
    const files = requested.filter((pathname) => pathname.startsWith("/files/"));
    expect(files.length).toBeGreaterThan(0);
    expect(
      files.filter((pathname) => !pathname.endsWith(".webp")),
      "a full-size file was downloaded",
    ).toEqual([]);
    await expect(batch.getByText("Style preview", { exact: true })).toHaveCount(3);
    await expect(page.getByText("Virtually staged")).toHaveCount(0);
    // Under Results as one batch, not listed again one by one among the project's other runs,
    // and never under "No results yet" (issue 42).
    const results = page.getByRole("region", { name: "Results" });
    await expect(results.getByRole("list", { name: "Listing batches" }).getByRole("article")).toHaveCount(1);
    await expect(results.getByRole("article", { name: "Staging" })).toHaveCount(0);
    await expect(page.getByText("No results yet")).toHaveCount(0);
    await expectAccessible(page, "finished batch");
    await atBothWidths(page, "batch-03-done");
  });

  const sql = appDatabase();
  try {
    const [counts] = await sql<{ batches: number; jobs: number; seeds: number; rooms: string[] }[]>`
      select (select count(*)::int from studio.staging_batches b where b.workspace_id = w.id) as batches,
        (select count(*)::int from v1.job_groups g where g.account_id::text = w.v1_account_id) as jobs,
        (select count(distinct g.seed)::int from v1.job_groups g where g.account_id::text = w.v1_account_id) as seeds,
        (select array_agg(g.room_type order by g.room_type) from v1.job_groups g where g.account_id::text = w.v1_account_id) as rooms
      from studio.workspaces w where w.slug = ${slug}`;
    expect(counts).toEqual({ batches: 1, jobs: 3, seeds: 1, rooms: ["bedroom", "kitchen", "living_room"] });
    // One quota unit per photo and no credits, in the service's own ledger.
    expect(await workspaceCredits(sql, slug)).toMatchObject({ units: 3, debits: 0, charged: 0 });
  } finally {
    await sql.end();
  }
});
