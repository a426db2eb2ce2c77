import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectAccessible, followMailedLink, signUp, snap, submitSignUp, uniqueEmail } from "./helpers";

const password = "listing-photos-2024";

test.describe.configure({ timeout: 360_000 });

async function atBothWidths(page: Page, name: string) {
  await snap(page, `${name}-1280`);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await snap(page, `${name}-390`);
  if (size) await page.setViewportSize(size);
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test("email: confirm the address, invite by mail with the address filled in, reset a password, keep deep links", async ({
  page,
  browser,
}) => {
  const owner = { name: "Olivia Grant", email: uniqueEmail("owner"), password };
  let workspaceUrl = "";
  let checkYourEmail = "";

  await test.step("sign-up mails a confirmation link; following it confirms the address", async () => {
    await page.goto("/sign-up");
    await submitSignUp(page, owner);
    checkYourEmail = await page.getByRole("status").innerText();
    expect(checkYourEmail).toContain(owner.email);
    await expectAccessible(page, "check your email");
    await atBothWidths(page, "email-00-check-your-email");
    // Signing in before confirming works; the credits wait for the confirmation.
    await page.getByRole("link", { name: "Go to sign in" }).click();
    await expect(page.getByLabel("Email")).toHaveValue(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/workspaces/, { timeout: 45_000 });
    await page.getByLabel("Brokerage name").fill("Harbour Realty");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(page).toHaveURL(/\/w\/harbour-realty[\w-]*\/projects$/);
    workspaceUrl = page.url().replace(/\/projects$/, "");
    // Starter credits wait for the confirmation, and the reminder says so.
    const balance = page.getByRole("complementary").getByRole("region", { name: "Credits" }).getByTestId("credit-balance");
    await expect(balance).toHaveText("0");
    await expect(
      page.getByText(`Confirm ${owner.email} to get your 500 free starter credits: open the link we emailed you.`),
    ).toBeVisible();
    await expectAccessible(page, "projects with the confirmation reminder");

    await followMailedLink(page, owner.email, /Confirm your email/);
    await expect(page.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
    await expectAccessible(page, "email confirmed");
    await atBothWidths(page, "email-01-confirmed");
    await page.getByRole("link", { name: "Continue" }).click();
    await page.goto(`${workspaceUrl}/projects`);
    await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
    await expect(page.getByText(`Confirm ${owner.email}`)).toHaveCount(0);
    await expect(balance).toHaveText("500");
  });

  await test.step("signing up again with a known address answers the same and mails its owner instead", async () => {
    const { context, page: other } = await newPage(browser);
    await other.goto("/sign-up");
    await submitSignUp(other, { name: "Mallory Stone", email: owner.email, password: "someone-elses-secret-77" });
    // Word for word what a new address is told: the page does not say the address is known.
    expect(await other.getByRole("status").innerText()).toBe(checkYourEmail);
    await followMailedLink(other, owner.email, /Someone tried to sign up with your email/);
    await expect(other).toHaveURL(/\/sign-in\?/);
    await expect(other.getByLabel("Email")).toHaveValue(owner.email);
    await other.goto(`/dev/outbox?to=${encodeURIComponent(owner.email)}`);
    const attempt = other.getByTestId("outbox-message").filter({ has: other.getByRole("heading", { name: /Someone tried/ }) });
    await expect(attempt.getByRole("link", { name: /forgot-password/ })).toHaveCount(1);
    await expect(
      other.getByTestId("outbox-message").filter({ has: other.getByRole("heading", { name: /Confirm your email/ }) }),
    ).toHaveCount(1);
    await context.close();
  });

  const invitee = uniqueEmail("agent");
  await test.step("an invitation is mailed to the address", async () => {
    await page.goto(`${workspaceUrl}/settings/members`);
    await page.getByLabel("Email (optional)").fill(invitee);
    await page.getByRole("button", { name: "Create invite link" }).click();
    await expect(page.getByText(`Invitation emailed to ${invitee}`)).toBeVisible();
  });

  await test.step("the invitee follows the mail, finds the address filled in, joins", async () => {
    const { context, page: agentPage } = await newPage(browser);
    await followMailedLink(agentPage, invitee, /You are invited to a workspace on Atrium/);
    await expectAccessible(agentPage, "outbox");
    await expect(agentPage.getByRole("heading", { name: "Join Harbour Realty" })).toBeVisible();
    await agentPage.getByRole("link", { name: "Create an account to join" }).click();
    await expect(agentPage.getByLabel("Work email")).toHaveValue(invitee);
    // Through the confirmation mail and sign-in, back to the invitation.
    await signUp(agentPage, { name: "Arjun Patel", email: invitee, password });
    await expect(agentPage).toHaveURL(/\/invite\//);
    await agentPage.getByRole("button", { name: "Join Harbour Realty" }).click();
    await expect(agentPage).toHaveURL(/\/w\/harbour-realty[\w-]*\/projects$/);
    await context.close();
  });

  await test.step("forgot password: a mailed link sets a new one and signs in", async () => {
    const { context, page: other } = await newPage(browser);
    await other.goto("/sign-in");
    await other.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(other.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expectAccessible(other, "forgot password");
    await other.getByLabel("Email").fill(owner.email);
    await other.getByRole("button", { name: "Email me a reset link" }).click();
    await expect(other.getByText(/a link to choose a new password is on its way/)).toBeVisible();
    await atBothWidths(other, "email-02-forgot-sent");

    await followMailedLink(other, owner.email, /Reset your Atrium password/);
    await expect(other.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expectAccessible(other, "reset password");
    await atBothWidths(other, "email-03-reset");
    await other.getByLabel("New password", { exact: true }).fill("a-new-secret-2025");
    await other.getByLabel("Repeat the new password").fill("a-new-secret-2025");
    await other.getByRole("button", { name: "Save new password" }).click();
    await expect(other).toHaveURL(/\/workspaces$/);
    await expect(other.getByRole("link", { name: /Harbour Realty/ })).toBeVisible();

    // The link was single-use.
    await followMailedLink(other, owner.email, /Reset your Atrium password/);
    await other.getByLabel("New password", { exact: true }).fill("yet-another-secret-1");
    await other.getByLabel("Repeat the new password").fill("yet-another-secret-1");
    await other.getByRole("button", { name: "Save new password" }).click();
    await expect(other.getByText("This reset link is not valid any more")).toBeVisible();
    await context.close();
    owner.password = "a-new-secret-2025";
  });

  await test.step("a deep link survives sign-in", async () => {
    const { context, page: fresh } = await newPage(browser);
    await fresh.goto(`${workspaceUrl}/usage?from=mail`);
    await expect(fresh).toHaveURL(/\/sign-in\?callbackUrl=/);
    expect(new URL(fresh.url()).searchParams.get("callbackUrl")).toBe(`${new URL(workspaceUrl).pathname}/usage?from=mail`);
    await expectAccessible(fresh, "sign-in");
    await atBothWidths(fresh, "email-04-sign-in");
    await fresh.getByLabel("Email").fill(owner.email);
    await fresh.getByLabel("Password").fill(owner.password);
    await fresh.getByRole("button", { name: "Sign in" }).click();
    await expect(fresh).toHaveURL(new RegExp(`/usage\\?from=mail$`));
    await expect(fresh.getByRole("heading", { level: 1, name: "Usage" })).toBeVisible();

    // Another site as the destination is not followed.
    await fresh.goto("/sign-in?callbackUrl=https%3A%2F%2Fevil.example%2F");
    await expect(fresh).toHaveURL(/\/workspaces$/);
    await context.close();
  });
});
