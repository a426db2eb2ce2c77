import { expect, test } from "@playwright/test";
import { fitsPhones } from "./phone";

/**
 * The pages a visitor sees before signing in fit a phone (no horizontal scroll from 360
 * to 414 px) and are axe-clean; a missing page is the branded 404; the favicon is served.
 */
for (const [url, name] of [
  ["/", "landing"],
  ["/sign-in", "sign-in"],
  ["/sign-up", "sign-up"],
  ["/forgot-password", "forgot-password"],
  ["/docs", "api-docs"],
  ["/pricing", "pricing"],
] as const) {
  test(`${name} fits a phone`, async ({ page }) => {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await fitsPhones(page, name);
  });
}

test("a missing page is the branded 404, and the favicon is served", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This page isn’t here" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  await fitsPhones(page, "not-found");
  expect(await page.locator('link[rel="icon"]').count()).toBeGreaterThan(0);
  const favicon = await page.request.get("/icon.svg");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toContain("image/svg+xml");
});
