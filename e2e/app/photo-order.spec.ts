import { expect, test } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { choosePhotos, expectAccessible, roomJpeg, snap, uniqueEmail } from "./helpers";
import { ownerOfWorkspace } from "./studio-api";

/**
 * Issue 42, point 7: the photo grid keeps the order the files were chosen in, whichever
 * upload finishes first, and the list of finished uploads does not stay above the grid.
 */
test.describe.configure({ timeout: 180_000 });

test("photos keep the order they were chosen in, and finished uploads leave the page to the grid", async ({ page }) => {
  const { api, workspace } = await ownerOfWorkspace(
    page,
    { name: "Ola Order", email: uniqueEmail("order"), password: "files-in-order-2026" },
    "Order Realty",
  );
  const project = await api.projects.create.mutate({
    workspaceId: workspace.id,
    fields: {
      address: "4 Sequence Road",
      propertyType: "house",
      listingStatus: "active",
      listingType: "sale",
      price: null,
      bedrooms: null,
      bathrooms: null,
      notes: "",
    },
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-order-"));
  // The first file is by far the largest, so it finishes last; the names are not in alphabetical order.
  const chosen = [
    await roomJpeg(dir, "porch.jpg", "#b9c4a8", 6000, 4500),
    await roomJpeg(dir, "attic.jpg", "#d6c7a1", 320, 240),
    await roomJpeg(dir, "kitchen.jpg", "#e8dcc8", 320, 240),
    await roomJpeg(dir, "bath.jpg", "#cfd8dc", 320, 240),
  ];
  await page.goto(`/w/${workspace.slug}/projects/${project.id}`);
  await choosePhotos(page, chosen);
  const tiles = page.getByRole("list", { name: "Photos" }).getByRole("listitem");
  await expect(tiles).toHaveCount(4, { timeout: 90_000 });
  await expect(tiles).toHaveText([/porch\.jpg/, /attic\.jpg/, /kitchen\.jpg/, /bath\.jpg/]);
  await expect(page.getByRole("list", { name: "Uploads" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "4 photos uploaded" })).toBeVisible();
  await expectAccessible(page, "project page after an upload");
  await snap(page, "photo-order-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, "photo-order-390");
  await page.reload();
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem")).toHaveText([
    /porch\.jpg/,
    /attic\.jpg/,
    /kitchen\.jpg/,
    /bath\.jpg/,
  ]);
});
