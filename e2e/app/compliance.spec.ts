import { expect, test } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { choosePhotos, roomJpeg, signUp, snap, uniqueEmail } from "./helpers";

/**
 * Compliance in the studio (issue 16): a staged result's change overlay behind "Show
 * changes", and the project's listing remark copied with one click, as an agent pastes
 * it into an MLS. Screenshots at desktop and phone width.
 */
// Sign-up goes through the mailed link and a sign-in (an argon2 hash more on a shared machine).
test.describe.configure({ timeout: 210_000 });

test("shows where a result changed the photo and copies the listing remark", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/sign-up");
  await signUp(page, { name: "Cora Lind", email: uniqueEmail("compliance"), password: "remarks-and-maps-2026" });
  await page.getByLabel("Brokerage name").fill("Lind Homes");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await page.getByRole("button", { name: "New project" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Address").fill("4 Linden Row");
  await dialog.getByLabel("Property type").selectOption("house");
  await dialog.getByRole("button", { name: "Create project" }).click();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-compliance-"));
  await choosePhotos(page, [await roomJpeg(dir, "study.jpg", "#d8cdb4", 480, 360)]);
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem")).toHaveCount(1);

  const remarks = page.getByTestId("listing-remarks");
  await expect(remarks).toContainText("needs no remark");

  await page.getByRole("button", { name: "Stage photo" }).click();
  const staging = page.getByRole("article", { name: "Staging" });
  await expect(staging.getByText("Done")).toBeVisible({ timeout: 90_000 });

  await test.step("Show changes lays the change map over the result, with its summary", async () => {
    const toggle = staging.getByRole("button", { name: "Show changes" });
    await toggle.click();
    const overlay = staging.getByTestId("change-map-overlay");
    await expect(overlay).toBeVisible();
    // The overlay image really loaded (a PNG the size of the result, not a broken link).
    expect(await overlay.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(staging.getByTestId("change-map-summary")).toHaveText(/^Changed: .* % of the image/);
    await expect(staging.getByRole("button", { name: "Hide changes" })).toHaveAttribute("aria-pressed", "true");
  });

  await test.step("the listing remark names the altered photo picked for the listing page and is copied with one click", async () => {
    await expect(remarks).toContainText("needs no remark");
    await staging.getByRole("button", { name: "Add to listing" }).click();
    const line = remarks.getByTestId("remark-line");
    // A local result is a style preview: the remark says altered, never staged.
    await expect(line).toHaveText(/^Some listing photos are digitally altered\. Photo 1: style preview/);
    await expect(remarks.getByText("Photo 1", { exact: true })).toBeVisible();
    const expected = await line.textContent();
    await remarks.getByRole("button", { name: "Copy remark" }).click();
    await expect(remarks.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await remarks.getByRole("button", { name: "Copy photo notes" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^Photo 1 \(Style preview/);
  });

  await test.step("in the listing's language", async () => {
    await remarks.getByLabel("Listing language").selectOption("es");
    await expect(remarks.getByTestId("remark-line")).toHaveText(
      /^Algunas fotos del anuncio están alteradas digitalmente\. Foto 1: vista previa de estilo/,
    );
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await staging.scrollIntoViewIfNeeded();
  await snap(page, "compliance-01-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(staging.getByTestId("change-map-overlay")).toBeVisible();
  await snap(page, "compliance-02-phone");
});
