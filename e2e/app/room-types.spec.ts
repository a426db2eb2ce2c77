import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible, snap, uniqueEmail } from "./helpers";
import { projectWithPhotos, uploadPhotos } from "./studio-api";

/**
 * Issue 42, point 5: the whole-listing form suggests each photo's room type from the
 * photo (what its pixels show, else its file name), says where a suggestion came from,
 * and asks rather than assuming "Living room" when it cannot tell; the price confirmed
 * in the description form reaches the project.
 */
test.describe.configure({ timeout: 180_000 });

/** A plainly outdoor photo: sky across the top, lawn across the bottom. */
function gardenBytes() {
  const lawn = sharp({ create: { width: 320, height: 120, channels: 3, background: "#3f9b3a" } })
    .png()
    .toBuffer();
  return lawn.then((input) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: "#5da9e9" } })
      .composite([{ input, left: 0, top: 120 }])
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
}

test("room types are suggested from each photo, asked when unknown; the description's price reaches the project", async ({ page }) => {
  const project = await projectWithPhotos(page, {
    person: { name: "Rui Rooms", email: uniqueEmail("rooms"), password: "room-types-2026" },
    brokerage: "Rooms Realty",
    project: { address: "5 Suggestion Street", propertyType: "house" },
    photos: [
      { name: "Kitchen 1.jpg", color: "#e8dcc8" },
      { name: "IMG_0042.jpg", color: "#cfd8dc" },
    ],
  });
  await uploadPhotos(page, project.api, { workspaceId: project.workspace.id, projectId: project.projectId }, [
    { name: "DSC_0100.jpg", bytes: await gardenBytes() },
  ]);

  await page.goto(`${project.projectPath}?tab=listing`);
  const form = page.getByRole("form", { name: "Stage all photos of this listing" });
  await test.step("a suggestion from the file name, one from the pixels, and a question where neither tells", async () => {
    await expect(form.getByLabel("Room type of Kitchen 1.jpg")).toHaveValue("kitchen");
    await expect(form.getByText("Suggested from the file name")).toHaveCount(1);
    await expect(form.getByLabel("Room type of DSC_0100.jpg")).toHaveValue("patio");
    await expect(form.getByText("Suggested from the photo")).toHaveCount(1);
    const unknown = form.getByLabel("Room type of IMG_0042.jpg");
    await expect(unknown).toHaveValue("");
    await expect(form.getByText("Choose the room type of 1 photo")).toBeVisible();
    await expect(form.getByRole("button", { name: /^Stage all 3 photos/ })).toBeDisabled();
    await expectAccessible(page, "whole listing, a room type to choose");
    await snap(page, "room-types-ask-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, "room-types-ask-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await unknown.selectOption("bedroom");
    await expect(form.getByRole("button", { name: /^Stage all 3 photos/ })).toBeEnabled();
    await expect(form.getByText(/Choose the room type of/)).toHaveCount(0);
  });

  await test.step("the price confirmed for the description is the project's price", async () => {
    await page.getByRole("tab", { name: "Description" }).click();
    const description = page.getByRole("form", { name: "Property description" });
    await description.getByLabel("Price (USD)").fill("850000");
    await description.getByRole("button", { name: /Write description/ }).click();
    // The run's own card (not the "Description, starting" card shown at the click): the request, and the price with it, has been taken.
    await expect(page.getByRole("article", { name: "Description", exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText("House · For sale · $850,000")).toBeVisible();
    await page.goto(`/w/${project.workspace.slug}/projects`);
    await expect(page.getByText("$850,000")).toBeVisible();
    await expect(page.getByText("No price yet")).toHaveCount(0);
  });
});
