import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { E2E_STRIPE } from "../../test/e2e-stripe";
import { appDatabase } from "./db";
import { expectAccessible, snap, uniqueEmail } from "./helpers";
import { desktop, fitsPhones } from "./phone";
import { addProject, ownerOfWorkspace, signUpThroughApi } from "./studio-api";

/**
 * Self-serve billing in the browser (issue 25): an owner on Free upgrades to Premium
 * through Stripe Checkout (the contract double's hosted page), buys a pack after a
 * declined card, cancels in the Customer Portal and is back on Free when the test clock
 * ends the period; Free says which plan video needs; an agent sees no billing action;
 * the out-of-credits message leads the owner to billing. The web server starts
 * workspaces on Business (playwright.config.ts), so the owner is put on Free with the
 * operator's override, `npm run admin`.
 */
test.describe.configure({ timeout: 300_000 });

const stripe = new Stripe(E2E_STRIPE.secretKey, { host: "127.0.0.1", port: E2E_STRIPE.port, protocol: "http" });
const password = "listing-photos-2024";

function admin(...args: string[]) {
  return JSON.parse(
    execFileSync(process.execPath, ["--import", "tsx", "cli/index.ts", ...args, "--json"], { encoding: "utf8", env: process.env }),
  );
}

async function subscriptionOf(slug: string) {
  const sql = appDatabase();
  try {
    const [row] = await sql<
      { customer: string }[]
    >`select b.stripe_customer_id as customer from studio.workspace_billing b join studio.workspaces w on w.id = b.workspace_id where w.slug = ${slug}`;
    const customer = (await stripe.customers.retrieve(row.customer)) as Stripe.Customer;
    const { data } = await stripe.subscriptions.list({ customer: customer.id, status: "all" });
    return { clock: String(customer.test_clock), periodEnd: data[0].items.data[0].current_period_end };
  } finally {
    await sql.end();
  }
}

async function atBothWidths(page: Page, name: string) {
  await snap(page, `${name}-1280`);
  await fitsPhones(page, name);
  await desktop(page);
}

/** Reloads until the billing page shows what a webhook was to change (deliveries can be late, by design of the double). */
async function reloadUntil(page: Page, testId: string, text: string | RegExp) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId(testId)).toHaveText(text, { timeout: 1000 });
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
}

test("an owner on Free upgrades to Premium, buys a pack after a declined card, cancels in the portal and is on Free when the period ends", async ({
  page,
  browser,
}) => {
  await desktop(page);
  const owner = { name: "Priya Banks", email: uniqueEmail("priya"), password };
  const { api, workspace } = await ownerOfWorkspace(page, owner, "Banks Realty");
  const project = await addProject(page, { api, workspace }, { address: "8 Ledger Row" }, [{ name: "lounge.jpg", color: "#d8cfc0" }]);
  expect(admin("workspace", "plan", "--workspace", workspace.slug, "--plan", "free")).toMatchObject({ plan: "free", monthly_quota: 20 });
  const billingPath = `/w/${workspace.slug}/billing`;

  await test.step("Free: the billing page shows the plan, quota and balance, and video says which plan it needs", async () => {
    await page.goto(`/w/${workspace.slug}/projects`);
    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Billing" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
    await expect(page.getByTestId("billing-plan")).toHaveText("Free");
    await expect(page.getByTestId("billing-balance")).toHaveText("500");
    await expect(page.getByText("0 of 20 requests")).toBeVisible();
    await expect(page.getByRole("listitem", { name: "Premium plan" })).toContainText("$49.00");
    await expectAccessible(page, "billing on Free");
    await atBothWidths(page, "billing-01-free");

    await page.goto(project.projectPath);
    await page.getByRole("region", { name: "Workflows" }).getByRole("tab", { name: "Video" }).click();
    await expect(page.getByText("Listing videos need the Premium or Business plan.")).toBeVisible();
    await expect(page.getByRole("button", { name: /Render video/ })).toBeDisabled();
    await page.getByRole("link", { name: "See plans" }).click();
    await expect(page).toHaveURL(new RegExp(`${billingPath}$`));
  });

  await test.step("upgrade to Premium through Checkout: back on billing with the plan, quota and included credits", async () => {
    await page.getByRole("listitem", { name: "Premium plan" }).getByRole("button", { name: "Upgrade to Premium" }).click();
    await expect(page).toHaveURL(new RegExp(`^${E2E_STRIPE.apiBase}/c/pay/cs_test_`));
    await expect(page.getByText("Atrium Premium")).toBeVisible();
    await snap(page, "billing-02-checkout-1280");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(new RegExp(`${billingPath}\\?checkout=cs_test_`));
    await expect(page.getByRole("status").filter({ hasText: "Payment received" })).toHaveText(
      /on Premium, with 1,000 requests a month and 300 credits included each month/,
    );
    await expect(page.getByTestId("billing-plan")).toHaveText("Premium");
    await expect(page.getByTestId("billing-balance")).toHaveText("800");
    await expect(page.getByText("0 of 1,000 requests")).toBeVisible();
    await expect(page.getByTestId("billing-renewal")).toHaveText(/^Renews on /);
    await expectAccessible(page, "billing on Premium");
    await atBothWidths(page, "billing-03-premium");
  });

  await test.step("a declined card leaves nothing changed and says why; then the pack is bought", async () => {
    const packs = page.getByRole("list", { name: "Credit packs" });
    await packs.getByRole("button", { name: "Buy 500 credits" }).click();
    await expect(page).toHaveURL(new RegExp(`^${E2E_STRIPE.apiBase}/c/pay/`));
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay $50.00" }).click();
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await page.getByRole("link", { name: "← Back" }).click();
    await expect(page.getByRole("status").filter({ hasText: "nothing was charged" })).toBeVisible();
    await expect(page.getByTestId("billing-balance")).toHaveText("800");

    await packs.getByRole("button", { name: "Buy 500 credits" }).click();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $50.00" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Payment received" })).toHaveText("Payment received: 500 credits added.");
    await expect(page.getByTestId("billing-balance")).toHaveText("1,300");
  });

  await test.step("the pack is listed beside the plan's invoice with its receipt", async () => {
    const documents = page.getByRole("table", { name: "Invoices and receipts" });
    await expect(documents.getByRole("row")).toHaveCount(3);
    await expect(documents.getByRole("row").filter({ hasText: "Premium plan" })).toContainText("Paid");
    const pack = documents.getByRole("row").filter({ hasText: "500 credits pack" });
    await expect(pack).toContainText("$50.00");
    await expect(pack).toContainText("Paid");
    await expect(pack.getByRole("link", { name: /PDF|View|Pay/ })).toHaveCount(0);
    const [receipt] = await Promise.all([
      page.waitForEvent("popup"),
      pack.getByRole("link", { name: "Receipt for the 500 credits pack" }).click(),
    ]);
    await expect(receipt.getByRole("heading", { name: "Receipt from Atrium" })).toBeVisible();
    await expect(receipt.getByText("$50.00")).toBeVisible();
    await receipt.close();
    // Clicking the link scrolled the page; a full-page screenshot starts from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await atBothWidths(page, "billing-04-pack-receipt");
  });

  await test.step("the usage page lists every plan and credit change with its source", async () => {
    await page.goto(`/w/${workspace.slug}/usage`);
    const history = page.getByTestId("plan-credit-history");
    for (const source of ["Stripe invoice", "Credit pack", "Stripe subscription", "Operator", "Starter credits"])
      await expect(history.getByRole("cell", { name: source }).first()).toBeVisible();
  });

  await test.step("the portal's cancel keeps Premium to the end of the period; the test clock ends it and the workspace is on Free, credits kept", async () => {
    await page.goto(billingPath);
    await page.getByRole("button", { name: "Change plan, card or cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`^${E2E_STRIPE.apiBase}/p/session/`));
    await page.getByRole("button", { name: "Cancel plan" }).click();
    await expect(page.getByText(/Cancels on/)).toBeVisible();
    await page.getByRole("link", { name: "← Return to Atrium" }).click();
    await expect(page).toHaveURL(new RegExp(`${billingPath}$`));
    await reloadUntil(page, "billing-renewal", /then Free\.$/);
    await expect(page.getByTestId("billing-plan")).toHaveText("Premium");

    const { clock, periodEnd } = await subscriptionOf(workspace.slug);
    await stripe.testHelpers.testClocks.advance(clock, { frozen_time: periodEnd + 3600 });
    await reloadUntil(page, "billing-plan", "Free");
    await expect(page.getByTestId("billing-balance")).toHaveText("1,300");
    await expect(page.getByText("0 of 20 requests")).toBeVisible();
    await snap(page, "billing-05-back-on-free-1280");
  });

  await test.step("the audit log names who bought the plan and the pack, and that Stripe ended the plan", async () => {
    await page.goto(`/w/${workspace.slug}/settings/audit`);
    const events = page.getByTestId("audit-event");
    const plans = events.filter({ hasText: "Plan changed" });
    await expect(plans.filter({ hasText: "from: free; source: stripe" })).toContainText(`by ${owner.name} (${owner.email})`);
    await expect(plans.filter({ hasText: "from: premium; source: stripe" })).toContainText("by the system");
    await expect(events.filter({ hasText: "Credit pack purchased" })).toContainText(`by ${owner.name} (${owner.email})`);
  });

  await test.step("an agent sees the plan but no billing action", async () => {
    const context = await browser.newContext();
    const agentPage = await context.newPage();
    const agentApi = await signUpThroughApi(agentPage, { name: "Arlo Agent", email: uniqueEmail("arlo"), password });
    const invitation = await api.invitations.create.mutate({ workspaceId: workspace.id, role: "agent", requestId: randomUUID() });
    await agentApi.invitations.accept.mutate({ token: invitation.token });
    await agentPage.goto(`/w/${workspace.slug}/projects`);
    await expect(agentPage.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Billing" })).toHaveCount(0);
    await agentPage.goto(billingPath);
    await expect(agentPage.getByTestId("billing-plan")).toHaveText("Free");
    await expect(agentPage.getByText("Only owners of the workspace can change its plan or buy credits.")).toBeVisible();
    await expect(agentPage.getByRole("button", { name: /Upgrade|Buy|Change plan|Payment method|auto top-up|email setting/i })).toHaveCount(
      0,
    );
    await expect(agentPage.getByRole("complementary").getByRole("link", { name: "Add credits" })).toHaveCount(0);
    await context.close();
  });

  await test.step("out of credits: the message links the owner to billing", async () => {
    admin("workspace", "credits", "--workspace", workspace.slug, "--add", "-1300");
    await page.goto(project.projectPath);
    await page.getByRole("region", { name: "Workflows" }).getByRole("tab", { name: "Description" }).click();
    const note = page.getByRole("status").filter({ hasText: "This costs 1 credit and the workspace has 0 credits left." });
    await expect(note).toBeVisible();
    await note.getByRole("link", { name: "Add credits" }).click();
    await expect(page).toHaveURL(new RegExp(`${billingPath}$`));
    await expect(page.getByTestId("billing-balance")).toHaveText("0");
  });
});

test("on a phone: an owner buys a credit pack through Checkout", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { workspace } = await ownerOfWorkspace(page, { name: "Mina Phone", email: uniqueEmail("mina"), password }, "Pocket Homes");
  await page.goto(`/w/${workspace.slug}/billing`);
  await expect(page.getByTestId("billing-plan")).toHaveText("Business");
  await fitsPhones(page, "billing-06-phone");
  await page.getByRole("list", { name: "Credit packs" }).getByRole("button", { name: "Buy 100 credits" }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_STRIPE.apiBase}/c/pay/`));
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await snap(page, "billing-07-phone-checkout");
  await page.getByRole("button", { name: "Pay $12.00" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Payment received" })).toHaveText("Payment received: 100 credits added.");
  await expect(page.getByTestId("billing-balance")).toHaveText("600");
  await fitsPhones(page, "billing-08-phone-paid");
});

test("auto top-up with a card that fails turns itself off, says why on the billing page and mails the owners", async ({ page }) => {
  await desktop(page);
  const owner = { name: "Tariq Topup", email: uniqueEmail("tariq"), password };
  const { api, workspace } = await ownerOfWorkspace(page, owner, "Topup Homes");
  const project = await addProject(page, { api, workspace }, { address: "2 Card Lane" }, [{ name: "hall.jpg", color: "#cfc6b8" }]);
  const billingPath = `/w/${workspace.slug}/billing`;

  await test.step("a pack bought with a good card saves it; the portal replaces it with one whose charges fail", async () => {
    await page.goto(billingPath);
    await page.getByRole("list", { name: "Credit packs" }).getByRole("button", { name: "Buy 100 credits" }).dblclick();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $12.00" }).click();
    await expect(page.getByTestId("billing-balance")).toHaveText("600");
    await page.getByRole("button", { name: "Payment method and invoices" }).click();
    await page.getByLabel("New card number").fill("4000 0000 0000 0341");
    await page.getByRole("button", { name: "Update card" }).click();
    await expect(page.getByText("visa ending in 0341")).toBeVisible();
    await page.getByRole("link", { name: "← Return to Atrium" }).click();
    await expect(page).toHaveURL(new RegExp(`${billingPath}$`));
  });

  await test.step("auto top-up on at 600 credits: the next charge crosses it, the card is declined, auto top-up turns off", async () => {
    const form = page.getByRole("form", { name: "Auto top-up" });
    await form.getByLabel("Top up automatically").check();
    await form.getByLabel("When the balance falls under").fill("600");
    await form.getByLabel("Buy").selectOption("100");
    await form.getByRole("button", { name: "Save auto top-up" }).click();
    await expect(page.getByText("Auto top-up is on")).toBeVisible();

    await page.goto(project.projectPath);
    await page.getByRole("region", { name: "Workflows" }).getByRole("tab", { name: "Description" }).click();
    await page.getByRole("button", { name: "Write description · 1 credit" }).click();
    await expect(page.getByRole("article", { name: "Description" }).getByText("Done", { exact: true })).toBeVisible({ timeout: 60_000 });

    await page.goto(billingPath);
    await expect(async () => {
      await page.reload();
      await expect(form.getByRole("status")).toHaveText("Auto top-up was turned off: Your card was declined.", { timeout: 1000 });
    }).toPass({ timeout: 60_000, intervals: [1000, 2000] });
    await expect(form.getByLabel("Top up automatically")).not.toBeChecked();
    await expect(page.getByTestId("billing-balance")).toHaveText("599");
  });

  await test.step("the owners were mailed why", async () => {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(owner.email)}`);
    await expect(
      page.getByTestId("outbox-message").getByRole("heading", { name: /Auto top-up for Topup Homes was turned off/ }),
    ).toHaveCount(1);
  });
});

test("a plan that ends because its payment failed: the owners are mailed, the studio says so, and its last invoice reads as not paid", async ({
  page,
}) => {
  await desktop(page);
  const owner = { name: "Nadia Lapse", email: uniqueEmail("nadia"), password };
  const { workspace } = await ownerOfWorkspace(page, owner, "Lapse Realty");
  admin("workspace", "plan", "--workspace", workspace.slug, "--plan", "free");
  const billingPath = `/w/${workspace.slug}/billing`;

  await test.step("Premium through Checkout, then the portal swaps in a card whose charges fail", async () => {
    await page.goto(billingPath);
    // Clicked twice, as people do: one checkout, one subscription.
    await page.getByRole("listitem", { name: "Premium plan" }).getByRole("button", { name: "Upgrade to Premium" }).dblclick();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("billing-plan")).toHaveText("Premium");
    await page.getByRole("button", { name: "Change plan, card or cancel" }).click();
    await page.getByLabel("New card number").fill("4000 0000 0000 0341");
    await page.getByRole("button", { name: "Update card" }).click();
    await expect(page.getByText("visa ending in 0341")).toBeVisible();
    await page.getByRole("link", { name: "← Return to Atrium" }).click();
  });

  const { clock, periodEnd } = await subscriptionOf(workspace.slug);

  await test.step("the renewal fails: the plan stays while Stripe retries, with a banner", async () => {
    await stripe.testHelpers.testClocks.advance(clock, { frozen_time: periodEnd + 3600 });
    await reloadUntil(page, "billing-renewal", "The latest payment failed; Stripe is retrying it.");
    await expect(page.getByRole("alert").filter({ hasText: "The latest payment for this workspace's plan failed" })).toBeVisible();
  });

  await test.step("every retry fails: the plan ends, the billing page and every workspace page say so, the invoice reads Not paid with no page to pay it", async () => {
    await stripe.testHelpers.testClocks.advance(clock, { frozen_time: periodEnd + 16 * 86400 });
    await reloadUntil(page, "billing-plan", "Free");
    await expect(page.getByTestId("billing-renewal")).toHaveText(
      /^The Premium plan ended on .+: its payment failed\. Its credits are kept\.$/,
    );
    const notice = page.getByRole("status").filter({ hasText: "The Premium plan ended on" });
    await expect(notice).toContainText("because its payment failed. The workspace is on Free now; its credits are kept.");
    const invoices = page.getByRole("table", { name: "Invoices and receipts" }).getByRole("row").filter({ hasText: "Premium plan" });
    await expect(invoices).toHaveCount(2);
    const unpaid = invoices.filter({ hasText: "Not paid" });
    await expect(unpaid).toHaveCount(1);
    await expect(unpaid.getByRole("link", { name: /^(Pay|View)/ })).toHaveCount(0);
    await expect(unpaid.getByRole("link", { name: /^PDF/ })).toHaveCount(1);
    await expect(invoices.filter({ hasText: "Paid" }).filter({ hasNotText: "Not paid" })).toHaveCount(1);
    await expectAccessible(page, "billing after the plan ended");
    await atBothWidths(page, "billing-09-plan-ended");

    await page.goto(`/w/${workspace.slug}/projects`);
    await expect(
      page.getByRole("status").filter({ hasText: "The Premium plan ended on" }).getByRole("link", { name: "Choose a plan" }),
    ).toBeVisible();
    await expect(page.getByRole("complementary").getByTestId("credit-balance")).toHaveText("800");
    await snap(page, "billing-10-plan-ended-notice-projects-1280");
  });

  await test.step("the owners were mailed once", async () => {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(owner.email)}`);
    await expect(
      page.getByTestId("outbox-message").getByRole("heading", { name: "Lapse Realty's Premium plan ended: its payment failed" }),
    ).toHaveCount(1);
  });
});
