import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expectAccessible, roomJpeg, signUp, snap, uniqueEmail } from "./helpers";

/**
 * Point 8 and 9 of the studio issue, as a user would meet them: every page fits a phone
 * (no horizontal scroll from 360 to 414 px) and is axe-clean; the workflow tab is in the
 * URL; results filter by workflow and delete after a confirmation; a video shows a
 * poster frame before it plays; the share page reads as a listing; missing pages and
 * unknown share links get the branded 404.
 */
test.describe.configure({ timeout: 600_000 });

const PHONE_WIDTHS = [360, 390, 414];

/** Asserts the page does not scroll sideways at each phone width, then checks axe and snaps it at 390. */
async function fitsPhones(page: Page, name: string) {
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    // Let layout settle after the resize (images with aspect ratios, wrapping tab rows).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const sizes = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(sizes.scrollWidth, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(sizes.innerWidth);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, `${name} (390 px)`);
  await snap(page, `phone-${name}`);
}

test("every page fits a phone, and the studio's polish holds", async ({ page, browser }) => {
  const person = { name: "Priya Shah", email: uniqueEmail("phone"), password: "phone-sized-2024" };

  await test.step("public pages", async () => {
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    for (const [url, name] of [
      ["/", "landing"],
      ["/sign-in", "sign-in"],
      ["/sign-up", "sign-up"],
      ["/docs", "api-docs"],
    ] as const) {
      await visitor.goto(url);
      await expect(visitor.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await fitsPhones(visitor, name);
    }
    await visitor.goto("/no-such-page");
    await expect(visitor.getByRole("heading", { level: 1, name: "This page isn’t here" })).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Go to the home page" })).toBeVisible();
    await fitsPhones(visitor, "not-found");
    const favicon = await visitor.request.get("/icon.svg");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toContain("image/svg+xml");
    expect(await visitor.locator('link[rel="icon"]').count()).toBeGreaterThan(0);
    await visitorContext.close();
  });

  await page.goto("/sign-up");
  await signUp(page, person);
  await expect(page).toHaveURL(/\/workspaces/);
  await fitsPhones(page, "workspaces");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel("Brokerage name").fill("Shah & Partners Realty");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  const projectsUrl = page.url();
  await fitsPhones(page, "projects-empty");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "New project" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Address").fill("221 Long Meadow Boulevard, Apartment 14, Westbrook Heights");
  await dialog.getByLabel("Property type").selectOption("condo");
  await dialog.getByLabel("Price (USD)").fill("615000");
  await dialog.getByLabel("Bedrooms").fill("2");
  await dialog.getByLabel("Bathrooms").fill("2");
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /221 Long Meadow/ })).toBeVisible();
  const projectUrl = page.url();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-phone-"));
  await page.getByLabel("Upload photos").setInputFiles([
    await roomJpeg(dir, "lounge-with-a-very-long-file-name-from-the-camera-IMG_20261123_101010.jpg", "#d6c7a1", 320, 240),
    await roomJpeg(dir, "lounge-east.jpg", "#cdbf9c", 320, 240),
  ]);
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem")).toHaveCount(2);
  const workflows = page.getByRole("region", { name: "Workflows" });

  await test.step("the workflow tab is in the URL and survives a reload", async () => {
    await workflows.getByRole("tab", { name: "Video" }).click();
    await expect(page).toHaveURL(/[?&]tab=video/);
    await page.reload();
    await expect(workflows.getByRole("tab", { name: "Video" })).toHaveAttribute("aria-selected", "true");
    await workflows.getByRole("tab", { name: "Stage" }).click();
    await expect(page).toHaveURL(/[?&]tab=stage/);
    await expect(workflows.getByRole("tab", { name: "Stage" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: "Stage photo" })).toBeVisible();
  });

  await test.step("stage twice and render a video", async () => {
    await page.getByRole("button", { name: "Stage photo" }).click();
    await expect(page.getByRole("article", { name: "Staging" }).first().getByText("Done")).toBeVisible({ timeout: 60_000 });
    await page.getByLabel("Style").first().selectOption("japandi");
    await page.getByRole("button", { name: "Stage photo" }).click();
    await expect(page.getByRole("article", { name: "Staging" })).toHaveCount(2);
    await expect(page.getByRole("article", { name: "Staging" }).getByText("Done")).toHaveCount(2, { timeout: 60_000 });
    await workflows.getByRole("tab", { name: "Video" }).click();
    await page.getByRole("button", { name: "Render video" }).click();
    const video = page.getByRole("article", { name: "Video" }).getByLabel("Listing video");
    await expect(video).toBeVisible({ timeout: 120_000 });
    // A poster frame, so the player is not a black box before it plays.
    const poster = await video.getAttribute("poster");
    expect(poster).toBeTruthy();
    expect((await page.request.get(poster!)).headers()["content-type"]).toMatch(/^image\//);
  });

  await test.step("results filter by workflow, and a delete asks first", async () => {
    const filter = page.getByRole("group", { name: "Show results of" });
    await filter.getByRole("button", { name: /^Video/ }).click();
    await expect(page).toHaveURL(/[?&]results=video/);
    await expect(page.getByRole("article", { name: "Staging" })).toHaveCount(0);
    await expect(page.getByRole("article", { name: "Video" })).toHaveCount(1);
    await filter.getByRole("button", { name: /^Staging/ }).click();
    await expect(page.getByRole("article", { name: "Staging" })).toHaveCount(2);
    await expect(page.getByRole("article", { name: "Video" })).toHaveCount(0);

    const older = page.getByRole("article", { name: "Staging" }).last();
    await older.getByRole("button", { name: "Delete this staging result" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this result?" });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, "delete result dialog");
    await confirm.getByRole("button", { name: "Keep it" }).click();
    await expect(page.getByRole("article", { name: "Staging" })).toHaveCount(2);
    await older.getByRole("button", { name: "Delete this staging result" }).click();
    await confirm.getByRole("button", { name: "Delete result" }).click();
    await expect(page.getByRole("article", { name: "Staging" })).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole("article", { name: "Staging" })).toHaveCount(1);
    await filter.getByRole("button", { name: /^All/ }).click();
    await expect(page.getByRole("article", { name: "Video" })).toHaveCount(1);
  });

  await test.step("the project page, with results, at phone widths", async () => {
    for (const tab of ["stage", "multiview", "edit", "video", "description"]) {
      await page.goto(`${projectUrl}?tab=${tab}`);
      await expect(workflows.getByRole("tabpanel")).toBeVisible();
      await fitsPhones(page, `project-${tab}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, "desktop-project");
  });

  const shareUrl = await test.step("publish the share page", async () => {
    await page.getByRole("button", { name: "Create share link" }).click();
    return page.getByLabel("Share link").inputValue();
  });

  await test.step("workspace pages at phone widths", async () => {
    for (const [suffix, name] of [
      ["/projects", "projects"],
      ["/usage", "usage"],
      ["/settings", "settings"],
      ["/settings/members", "members"],
    ] as const) {
      await page.goto(projectsUrl.replace(/\/projects$/, suffix));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await fitsPhones(page, name);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Create invite link" }).click();
    const invite = await page.getByTestId("invite-link").inputValue();
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(invite);
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    await fitsPhones(visitor, "invite");
    await visitorContext.close();
  });

  await test.step("the share page reads as a listing", async () => {
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(shareUrl);
    await expect(visitor.getByRole("heading", { level: 1, name: /221 Long Meadow/ })).toBeVisible();
    await expect(visitor.getByText("Shah & Partners Realty").first()).toBeVisible();
    await expect(visitor.getByText("$615,000")).toBeVisible();
    await expect(visitor.getByText(/Condo · For sale · 2 bd · 2 ba/)).toBeVisible();
    const agent = visitor.getByRole("complementary", { name: "Listing agent" });
    await expect(agent.getByText("Priya Shah")).toBeVisible();
    await expect(agent.getByRole("link", { name: person.email })).toHaveAttribute("href", `mailto:${person.email}`);
    await expect(visitor.getByLabel("Listing video")).toHaveAttribute("poster", /.+/);
    await expect(visitor.getByText("Original photo (unaltered)")).toHaveCount(1);
    await fitsPhones(visitor, "share");
    await visitor.setViewportSize({ width: 1280, height: 900 });
    await snap(visitor, "desktop-share");

    await visitor.goto(shareUrl.replace(/[^/]+$/, "not-a-real-share-token"));
    await expect(visitor.getByRole("heading", { level: 1, name: "This page isn’t here" })).toBeVisible();
    await expect(visitor.getByText(/listing link you were sent may have been turned off/)).toBeVisible();
    await visitorContext.close();
  });
});
