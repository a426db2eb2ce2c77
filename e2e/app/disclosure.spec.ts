import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { choosePhotos, roomJpeg, signUp, snap, uniqueEmail } from "./helpers";

/**
 * Honest labels (issue 13, D14): on the offline provider a staging result reads as a
 * style preview everywhere (result, download, share page), a declutter as "Digitally
 * altered: items removed", and nothing calls either "Virtually staged".
 */
test.describe.configure({ timeout: 240_000 });

const run = (page: Page, name: string) => page.getByRole("article", { name });

/** Clicks Download with the label on and returns the label the studio burned into the file. */
async function downloadLabel(page: Page, scope: ReturnType<typeof run>): Promise<string | null> {
  const answer = page.waitForResponse((response) => response.url().includes("exports.exportOutput"));
  const download = page.waitForEvent("download");
  await scope.getByRole("button", { name: "Download" }).first().click();
  const body = JSON.stringify(await (await answer).json());
  expect((await download).suggestedFilename()).toMatch(/-labelled\.jpg$/);
  return /"label":"([^"]*)"/.exec(body)?.[1] ?? null;
}

test("a local staging result is a style preview everywhere; no local or removal download says Virtually staged", async ({
  page,
  context,
}) => {
  await page.goto("/sign-up");
  await signUp(page, { name: "Ines Faro", email: uniqueEmail("disclosure"), password: "honest-labels-2026" });
  await page.getByLabel("Brokerage name").fill("Faro Realty");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await page.getByRole("button", { name: "New project" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Address").fill("9 Quay Street");
  await dialog.getByLabel("Property type").selectOption("house");
  await dialog.getByRole("button", { name: "Create project" }).click();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-disclosure-"));
  await choosePhotos(page, [await roomJpeg(dir, "lounge.jpg", "#d6c7a1", 320, 240)]);
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem")).toHaveCount(1);

  await test.step("where staging starts, the studio names the offline provider and how to connect a hosted one", async () => {
    const notice = page.getByRole("note", { name: "Staging provider" });
    await expect(notice).toContainText("offline provider");
    await expect(notice).toContainText("ask whoever runs Atrium");
    await expect(notice).not.toContainText("REPLICATE_API_TOKEN");
  });

  await test.step("staging: a style preview in the result and in the download", async () => {
    await page.getByRole("button", { name: "Stage photo" }).click();
    const staging = run(page, "Staging");
    await expect(staging.getByText("Done")).toBeVisible({ timeout: 90_000 });
    await expect(staging.getByRole("img", { name: /Style preview 1, result/ })).toBeVisible();
    await expect(staging.getByText("Style preview", { exact: true })).toBeVisible();
    await expect(staging.getByText(/no furniture added/)).toBeVisible();
    await expect(staging.getByText("Add “Style preview” label")).toBeVisible();
    expect(await downloadLabel(page, staging)).toBe("Style preview");
  });

  await test.step("declutter: digitally altered, items removed", async () => {
    await page.getByLabel("What to do").selectOption("declutter");
    await page.getByRole("button", { name: "Stage photo" }).click();
    // The runs themselves, not the result images each run lists inside it.
    const runs = page.getByRole("list", { name: "Workflow runs" }).locator(":scope > li");
    await expect(runs).toHaveCount(2);
    const declutter = runs.first().getByRole("article");
    await expect(declutter.getByText("Done")).toBeVisible({ timeout: 90_000 });
    await expect(declutter.getByText("Digitally altered: items removed", { exact: true })).toBeVisible();
    expect(await downloadLabel(page, declutter)).toBe("Digitally altered: items removed");
  });

  await expect(page.getByText("Virtually staged")).toHaveCount(0);
  await snap(page, "disclosure-01-studio");

  await test.step("share page: the same words, never Virtually staged", async () => {
    // Both results picked for the page (nothing is on it until picked), then published.
    for (const run of await page.getByRole("list", { name: "Workflow runs" }).locator(":scope > li").all()) {
      await run.getByRole("button", { name: "Add to listing" }).click();
      await expect(run.getByRole("button", { name: "On listing page" })).toBeVisible();
    }
    await page.getByRole("button", { name: "Publish listing page" }).click();
    await page
      .getByRole("dialog", { name: "Publish the listing page?" })
      .getByRole("button", { name: /^Publish version \d+$/ })
      .click();
    const share = await context.newPage();
    await share.goto(await page.getByLabel("Page link").inputValue());
    await expect(share.getByRole("img", { name: /style preview/ })).toBeVisible();
    await expect(share.getByRole("img", { name: /digitally altered: items removed/ })).toBeVisible();
    await expect(share.getByText("Virtually staged")).toHaveCount(0);
    await snap(share, "disclosure-02-share");
    await share.close();
  });
});
