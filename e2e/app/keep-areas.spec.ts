import { expect, test, type Locator, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { expectAccessible, snap, uniqueEmail } from "./helpers";
import { desktop, fitsPhones } from "./phone";
import { ownerOfWorkspace, uploadPhotos } from "./studio-api";

/**
 * "Keep these areas" (D17): on a real living-room photo (the structure check's development
 * set, MIT) the agent accepts the two windows suggested from its lines, paints a fireplace
 * with the brush and names it, stages the photo, sees what was kept outlined on the
 * result, adds it to the listing and publishes it; the public page says which areas were
 * kept from the original photo. At 1280 and 390 px.
 */
test.describe.configure({ timeout: 300_000 });

/** Drags the brush across a box of the canvas (fractions of it), row by row. */
async function paint(canvas: Locator, page: Page, [x0, y0, x1, y1]: [number, number, number, number]) {
  const box = (await canvas.boundingBox())!;
  for (let y = y0; y <= y1; y += 0.04) {
    await page.mouse.move(box.x + x0 * box.width, box.y + y * box.height);
    await page.mouse.down();
    await page.mouse.move(box.x + x1 * box.width, box.y + y * box.height, { steps: 6 });
    await page.mouse.up();
  }
}

test("an agent keeps the suggested windows and a painted fireplace, stages, sees them outlined and publishes; the page says what was kept", async ({
  page,
  browser,
}) => {
  const owner = await ownerOfWorkspace(
    page,
    { name: "Kit Alder", email: uniqueEmail("keep-areas"), password: "keep-the-windows-2024" },
    "Alder Homes",
  );
  const { id: projectId } = await owner.api.projects.create.mutate({
    workspaceId: owner.workspace.id,
    requestId: randomUUID(),
    fields: {
      address: "3 Alder Row",
      propertyType: "house",
      listingStatus: "active",
      listingType: "sale",
      price: 610000,
      bedrooms: 3,
      bathrooms: 2,
      notes: "",
    },
  });
  const living = await sharp(await readFile("samples/structure-dev-set/real/realvibe-living.jpg"))
    .resize(800)
    .jpeg({ quality: 90 })
    .toBuffer();
  await uploadPhotos(page, owner.api, { workspaceId: owner.workspace.id, projectId }, [{ name: "living.jpg", bytes: living }]);

  await desktop(page);
  await page.goto(`/w/${owner.workspace.slug}/projects/${projectId}`);
  const form = page.getByRole("form", { name: "Stage a photo" });
  const keep = form.getByRole("region", { name: "Keep these areas" });

  await test.step("accept the suggested windows and paint a fireplace", async () => {
    await keep.getByRole("button", { name: "Mark areas to keep" }).click();
    const suggested = keep.getByRole("list", { name: "Suggested areas" });
    await expect(suggested.getByRole("button", { name: /^Keep window/ })).toHaveCount(2, { timeout: 30_000 });
    for (const button of await suggested.getByRole("button", { name: /^Keep window/ }).all()) {
      await button.click();
      await expect(button).toHaveAttribute("aria-pressed", "true");
    }
    // The fireplace: painted low on the back wall, left of the windows.
    await paint(keep.getByLabel(/Keep canvas/), page, [0.42, 0.42, 0.56, 0.6]);
    await keep.getByLabel("What did you paint?").fill("fireplace");
    await expect(keep.getByTestId("kept-status")).toHaveText(
      "Saved: the 2 windows and the fireplace stay exactly as in the photo in every result.",
      { timeout: 15_000 },
    );
    await expectAccessible(page, "keep these areas");
    await snap(page, "keep-areas-01-marked");
    await fitsPhones(page, "keep-areas-marked");
    await desktop(page);
    await keep.getByRole("button", { name: "Done" }).click();
    await expect(keep.getByTestId("kept-summary")).toHaveText("living.jpg: the 2 windows and the fireplace kept");
  });

  await test.step("stage: the kept areas are outlined on the result on request", async () => {
    await form.getByRole("button", { name: "Stage photo" }).click();
    const staging = page.getByRole("article", { name: "Staging" });
    await expect(staging.getByText("Done")).toBeVisible({ timeout: 90_000 });
    await staging.getByRole("button", { name: "Show kept areas" }).click();
    const outline = staging.getByTestId("kept-outline");
    await expect(outline.getByRole("img", { name: "Kept from the photo, outlined: the 2 windows and the fireplace" })).toBeVisible();
    await expect(outline.getByText("Outlined: the 2 windows and the fireplace, kept exactly from the original photo.")).toBeVisible();
    await snap(page, "keep-areas-02-outlined");
    await fitsPhones(page, "keep-areas-outlined");
    await desktop(page);
    await staging.getByRole("button", { name: "Add to listing" }).click();
    await expect(staging.getByRole("button", { name: "On listing page" })).toBeVisible();
  });

  const panel = page.getByTestId("listing-page-panel");
  await test.step("publish the listing page", async () => {
    await panel.getByRole("button", { name: "Publish listing page" }).click();
    const dialog = page.getByRole("dialog", { name: "Publish the listing page?" });
    await dialog.getByRole("button", { name: "Publish version 1" }).click();
    await expect(panel.getByText("Published", { exact: true })).toBeVisible();
  });

  await test.step("the public page says what was kept from the original photo", async () => {
    const pageUrl = await page.getByLabel("Page link").inputValue();
    const visitor = await (await browser.newContext()).newPage();
    await desktop(visitor);
    await visitor.goto(pageUrl);
    await expect(visitor.getByTestId("kept-areas")).toHaveText("The 2 windows and the fireplace are kept exactly from the original photo.");
    await snap(visitor, "keep-areas-03-public-page");
    await fitsPhones(visitor, "keep-areas-public-page");
  });
});
