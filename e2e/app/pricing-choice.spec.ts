import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { E2E_STRIPE } from "../../test/e2e-stripe";
import { expectAccessible, signUp, snap, uniqueEmail } from "./helpers";

/**
 * Issue 42, point 6: the plan chosen on the pricing page is carried through sign-up (and
 * its mailed confirmation link) to the first workspace's Billing page, which leads the
 * owner to that plan's checkout; a new workspace never shows "Plan unknown" while its
 * balance loads.
 */
test.describe.configure({ timeout: 240_000 });

function admin(...args: string[]) {
  return JSON.parse(
    execFileSync(process.execPath, ["--import", "tsx", "cli/index.ts", ...args, "--json"], { encoding: "utf8", env: process.env }),
  );
}

test("Premium chosen on the pricing page leads, after sign-up and the first workspace, to Premium's checkout", async ({ page }) => {
  await page.goto("/pricing");
  await page.getByRole("listitem", { name: "Premium plan" }).getByRole("link", { name: "Start with Premium" }).click();
  await expect(page).toHaveURL(/\/sign-up\?/);
  await signUp(page, { name: "Pia Premium", email: uniqueEmail("pricing-choice"), password: "premium-please-2026" });
  await expect(page).toHaveURL(/\/workspaces\?plan=premium/);
  await expect(page.getByText("You chose Premium")).toBeVisible();
  await snap(page, "pricing-choice-workspaces-1280");
  await page.getByLabel("Brokerage name").fill("Premium Homes");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/w\/[^/]+\/billing\?plan=premium/);
  const billingPath = new URL(page.url()).pathname + new URL(page.url()).search;
  const slug = billingPath.split("/")[2];

  await test.step("a new workspace's first page says its plan, never 'Plan unknown'", async () => {
    const html = await (await page.request.get(billingPath)).text();
    expect(html).not.toContain("Plan unknown");
    await expect(page.getByRole("region", { name: "Credits" }).getByTestId("credit-plan")).toHaveText("Business plan");
  });

  await test.step("already on a larger plan: said so, nothing to buy", async () => {
    await expect(page.getByRole("status").filter({ hasText: "You chose Premium" })).toContainText("already on Business");
  });

  await test.step("on Free: the chosen plan's checkout is one click away", async () => {
    admin("workspace", "plan", "--workspace", slug, "--plan", "free");
    await page.reload();
    const chosen = page.getByRole("status").filter({ hasText: "You chose Premium" });
    await expect(chosen).toBeVisible();
    await expectAccessible(page, "billing with the chosen plan");
    await snap(page, "pricing-choice-billing-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, "pricing-choice-billing-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await chosen.getByRole("button", { name: "Continue to Premium checkout" }).click();
    await expect(page).toHaveURL(new RegExp(`^${E2E_STRIPE.apiBase}/c/pay/`));
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("billing-plan")).toHaveText("Premium");
  });

  await test.step("on a phone, the invoice's View and PDF links are 44 × 44 px touch targets", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const invoices = page.getByRole("region", { name: "Invoices and receipts" });
    await expect(async () => {
      await page.reload();
      await expect(invoices.getByRole("link", { name: /^View/ })).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    for (const link of [invoices.getByRole("link", { name: /^View/ }), invoices.getByRole("link", { name: /^PDF/ })]) {
      const box = (await link.boundingBox())!;
      expect(box.width, "touch target width").toBeGreaterThanOrEqual(44);
      expect(box.height, "touch target height").toBeGreaterThanOrEqual(44);
    }
    expect(
      await invoices.evaluate((table) => table.scrollWidth <= table.clientWidth),
      "the invoice row fits the phone without sideways scrolling",
    ).toBe(true);
    await invoices.scrollIntoViewIfNeeded();
    await snap(page, "pricing-choice-invoices-390");
  });
});
