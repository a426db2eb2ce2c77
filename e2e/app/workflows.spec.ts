import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { choosePhotos, expectAccessible, roomJpeg, signUp, snap, uniqueEmail } from "./helpers";

/**
 * A new broker runs every workflow through the UI, against the app's own v1 API and
 * durable functions: staging, a multi-view set with a redo, inpaint→upscale from a
 * painted mask, a video, a property description; then sees usage move and publishes
 * the disclosure page. Photos are small (320×240) to keep the run short.
 */
test.describe.configure({ timeout: 600_000 });

const run = (page: Page, name: string) => page.getByRole("article", { name });

async function openProjectWithPhotos(page: Page) {
  await page.goto("/sign-up");
  await signUp(page, { name: "Wren Adler", email: uniqueEmail("workflows"), password: "staging-rooms-2024" });
  await expect(page).toHaveURL(/\/workspaces/);
  await page.getByLabel("Brokerage name").fill("Wren Homes");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await page.getByRole("button", { name: "New project" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Address").fill("4 Willow Court");
  await dialog.getByLabel("Property type").selectOption("house");
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "4 Willow Court" })).toBeVisible();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-workflows-"));
  const files = [
    await roomJpeg(dir, "living.jpg", "#d6c7a1", 320, 240),
    await roomJpeg(dir, "living-east.jpg", "#cdbf9c", 320, 240),
    await roomJpeg(dir, "kitchen.jpg", "#c9d3cf", 320, 240),
  ];
  await choosePhotos(page, files);
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem")).toHaveCount(3);
}

test("a broker runs every workflow through the studio and sees usage move", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openProjectWithPhotos(page);
  const workflows = page.getByRole("region", { name: "Workflows" });

  await test.step("stage a photo and compare before / after", async () => {
    await expect(page.getByText("No results yet")).toBeVisible();
    await page.getByLabel("Style").first().selectOption("japandi");
    await page.getByRole("button", { name: "Stage photo" }).click();
    const staging = run(page, "Staging");
    await expect(staging.getByText("Done")).toBeVisible({ timeout: 60_000 });
    const slider = staging.getByRole("slider", { name: /before and after divider/ });
    await slider.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(slider).toHaveAttribute("aria-valuetext", "49% original");
    await expectAccessible(page, "project workflows (staged)");
    await snap(page, "workflows-01-staged");
  });

  await test.step("reload: the result is still there", async () => {
    await page.reload();
    await expect(run(page, "Staging").getByRole("img", { name: /Style preview 1, result/ })).toBeVisible();
  });

  await test.step("render a multi-view set and redo a view", async () => {
    await workflows.getByRole("tab", { name: "Multi-view" }).click();
    // Upload order is not fixed, so pick the anchor explicitly before the other view.
    await page.getByRole("group", { name: "Anchor view" }).getByRole("img", { name: "living.jpg" }).click();
    await page.getByRole("group", { name: "Other views of the same room" }).getByRole("img", { name: "living-east.jpg" }).click();
    await page.getByRole("button", { name: "Render 2 views" }).click();
    const set = run(page, "Multi-view");
    // Views are named by their photo; the sibling shows the gate's verdict with its scores.
    await expect(set.getByText(/Quality gate (passed|: held back)/)).toBeVisible({ timeout: 60_000 });
    await expect(set.getByText("Style match with the anchor")).toBeVisible();
    await expect(set.getByText("Anchor", { exact: true })).toBeVisible();
    await expect(set.getByText("living.jpg", { exact: true })).toBeVisible();
    await expect(set.getByRole("slider", { name: /living-east\.jpg: before and after divider/ })).toBeVisible();
    await set.getByRole("button", { name: "Redo living-east.jpg (3 attempts left)" }).click();
    // While the redo runs the last image stays, with the view's own progress (not the anchor's).
    await expect(set.getByRole("img", { name: "living-east.jpg, previous attempt" })).toBeVisible();
    await expect(set.getByText(/Redoing · attempt 2 of 4/)).toBeVisible();
    await expect(set.getByText(/Waiting for the anchor/)).toHaveCount(0);
    await expect(set.getByRole("button", { name: "Redo living-east.jpg (2 attempts left)" })).toBeVisible({ timeout: 60_000 });
    await expectAccessible(page, "project workflows (multi-view)");
    await snap(page, "workflows-02-multiview");
  });

  await test.step("paint a mask and run inpaint → upscale", async () => {
    await workflows.getByRole("tab", { name: "Edit & upscale" }).click();
    const canvas = page.getByLabel("Mask canvas: paint over the area to change");
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width * (0.3 + i * 0.03), box.y + box.height * (0.5 + i * 0.01));
    await page.mouse.up();
    await page.getByRole("button", { name: "Inpaint and upscale" }).click();
    const chain = run(page, "Edit & upscale");
    await expect(chain.getByRole("img", { name: /Step 2 · Upscaled \(2×\), result/ })).toBeVisible({ timeout: 60_000 });
    await expect(chain.getByRole("img", { name: /Step 1 · Inpainted, result/ })).toBeVisible();
    await expectAccessible(page, "project workflows (edit)");
    await snap(page, "workflows-03-inpaint-upscale");
  });

  await test.step("render a before / after video ending on the staged result", async () => {
    await workflows.getByRole("tab", { name: "Video" }).click();
    await page
      .getByRole("group", { name: "End image (required)" })
      .locator("label")
      .filter({ hasText: /^Style preview — / })
      .first()
      .click();
    await page.getByRole("button", { name: "Render video" }).click();
    const video = run(page, "Video").getByLabel("Listing video");
    await expect(video).toBeVisible({ timeout: 120_000 });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThan(0);
    await snap(page, "workflows-04-video");
  });

  await test.step("write a property description and copy it", async () => {
    await workflows.getByRole("tab", { name: "Description" }).click();
    await page.getByLabel("Tone").selectOption("warm");
    await page.getByRole("button", { name: "Write description" }).click();
    const copy = run(page, "Description");
    await expect(copy.getByRole("button", { name: "Copy description" })).toBeVisible({ timeout: 60_000 });
    await copy.getByRole("button", { name: "Copy description" }).click();
    await expect(copy.getByText("Copied")).toBeVisible();
    expect((await page.evaluate(() => navigator.clipboard.readText())).length).toBeGreaterThan(40);
    // The copy states the project's facts, then can be edited in place with history.
    await expect(copy.getByTestId("listing-copy")).not.toContainText(/draft|Photo \d/i);
    await copy.getByRole("button", { name: "Edit" }).click();
    const edited = `${await copy.getByLabel("Listing copy").inputValue()}\nCorner lot with mature trees.`;
    await copy.getByLabel("Listing copy").fill(edited);
    await copy.getByRole("button", { name: "Save" }).click();
    await expect(copy.getByTestId("listing-copy")).toContainText("Corner lot with mature trees.");
    await page.reload();
    await workflows.getByRole("tab", { name: "Description" }).click();
    await expect(copy.getByTestId("listing-copy")).toContainText("Corner lot with mature trees.");
    await copy.getByText(/History \(2 versions\)/).click();
    await expect(copy.getByRole("list", { name: "Versions of the description" }).getByRole("listitem")).toHaveCount(2);
    // Photos of the listing were altered, so the MLS copy carries the remark line; the local
    // provider only previews styles and removes items, which is never called "staged".
    // The staged photo on the listing page: the remark numbers what the page shows.
    await run(page, "Staging").getByRole("button", { name: "Add to listing" }).first().click();
    await expect(page.getByTestId("listing-pick")).toHaveCount(1);
    await expect(copy.getByText(/^Copy for MLS adds:/)).toBeVisible();
    await copy.getByRole("button", { name: "Copy for MLS" }).click();
    const mls = await page.evaluate(() => navigator.clipboard.readText());
    expect(mls).toContain("Corner lot with mature trees.");
    expect(mls).toMatch(/\n\nSome listing photos are digitally altered\. Photos? \d/);
    await expectAccessible(page, "description with history");
    await copy.getByText(/Image analysis/).click();
    await expect(copy.getByRole("table")).toBeVisible();
    await snap(page, "workflows-05-description");
  });

  await test.step("publish the disclosure page", async () => {
    await page.getByRole("button", { name: "Publish listing page" }).click();
    await page
      .getByRole("dialog", { name: "Publish the listing page?" })
      .getByRole("button", { name: /^Publish version \d+$/ })
      .click();
    const url = await page.getByLabel("Page link").inputValue();
    const share = await context.newPage();
    await share.goto(url);
    await expect(share.getByRole("heading", { level: 1, name: "4 Willow Court" })).toBeVisible();
    await expect(share.getByText("Original photo (unaltered)").first()).toBeVisible();
    await expect(share.getByRole("img", { name: /style preview/ }).first()).toBeVisible();
    await expectAccessible(share, "share page");
    await snap(share, "workflows-06-share");
    await share.close();
  });

  await test.step("usage shows the credits spent", async () => {
    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Usage" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Usage" })).toBeVisible();
    // 1 (anchor) + 6 (sibling) + 1 (inpaint) + 2 (upscale) + 27 (video) + 1 (description).
    await expect(page.getByTestId("credits-this-month")).toHaveText("38");
    await expect(page.getByRole("meter", { name: "Monthly quota used" })).toHaveAttribute("aria-valuenow", "7");
    await expect(page.getByRole("table", { name: /By member/ }).getByRole("rowheader", { name: "Wren Adler" })).toBeVisible();
    await expectAccessible(page, "usage");
    await snap(page, "workflows-07-usage");
  });
});
