/**
 * The workspace audit log, filled by the real flows in a browser: every event kind that
 * exists today (members added, re-roled and removed; invitations sent, accepted and
 * revoked; a listing page published and unpublished; sign-out everywhere) shows in
 * Settings → Audit log with who, when and from which address, and in its CSV export.
 * Agents do not see it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import { choosePhotos, expectAccessible, roomJpeg, snap, uniqueEmail } from "./helpers";
import { signUpThroughApi } from "./studio-api";

const password = "audited-actions-2026";

test.describe.configure({ timeout: 300_000 });

async function person(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(name.split(" ")[0].toLowerCase());
  await signUpThroughApi(page, { name, email, password });
  return { context, page, email, name };
}

test("the audit log shows every event kind, made by the real flows, and exports them as CSV", async ({ page, browser }) => {
  const owner = { name: "Audrey Keeper", email: uniqueEmail("audrey"), password };
  await signUpThroughApi(page, owner);
  await page.goto("/workspaces");
  await page.getByLabel("Brokerage name").fill("Ledger Lane Realty");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  const base = new URL(page.url()).pathname.replace(/\/projects$/, "");

  const admin = await person(browser, "Bruno Admin");
  await test.step("invitations: sent by mail, accepted by the invited address; another sent and revoked", async () => {
    await page.goto(`${base}/settings/members`);
    await page.getByLabel("Email (optional)").fill(admin.email);
    await page.getByLabel("Role", { exact: true }).selectOption("admin");
    await page.getByRole("button", { name: "Create invite link" }).click();
    const link = await page.getByTestId("invite-link").inputValue();
    await admin.page.goto(link);
    await admin.page.getByRole("button", { name: "Join Ledger Lane Realty" }).click();
    await expect(admin.page).toHaveURL(/\/projects$/);

    await page.getByLabel("Email (optional)").fill("changed-mind@example.test");
    await page.getByLabel("Role", { exact: true }).selectOption("agent");
    await page.getByRole("button", { name: "Create invite link" }).click();
    await expect(page.getByTestId("invite-link")).not.toHaveValue(link);
    await page.getByRole("button", { name: "Revoke the invitation for changed-mind@example.test" }).click();
    await page.getByRole("dialog", { name: "Revoke this invitation?" }).getByRole("button", { name: "Revoke invitation" }).click();
    await expect(page.getByRole("button", { name: "Revoke the invitation for changed-mind@example.test" })).toHaveCount(0);
  });

  await test.step("members: re-roled, then removed", async () => {
    await page.reload();
    // An admin made an agent loses the Developers section: the change asks first (round 4, N1).
    await page.getByLabel(`Role of ${admin.name}`).selectOption("agent");
    await page
      .getByRole("dialog", { name: `Make ${admin.name} an agent?` })
      .getByRole("button", { name: "Make agent" })
      .click();
    await expect(page.getByText(`${admin.name} is now an agent`)).toBeVisible();
    await page.getByRole("button", { name: `Remove ${admin.name}` }).click();
    await page
      .getByRole("dialog", { name: `Remove ${admin.name}?` })
      .getByRole("button", { name: "Remove member" })
      .click();
    await expect(page.getByRole("button", { name: `Remove ${admin.name}` })).toHaveCount(0);
  });

  await test.step("a listing page published and unpublished (the project's share link)", async () => {
    await page.goto(`${base}/projects`);
    await page.getByRole("button", { name: "New project" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New project" });
    await dialog.getByLabel("Address").fill("8 Ledger Lane");
    await dialog.getByLabel("Property type").selectOption("house");
    await dialog.getByRole("button", { name: "Create project" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "8 Ledger Lane" })).toBeVisible();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-audit-"));
    await choosePhotos(page, [await roomJpeg(dir, "porch.jpg", "#d6c7a1", 320, 240)]);
    await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem")).toHaveCount(1);
    await page.getByRole("button", { name: "Publish listing page" }).click();
    await page
      .getByRole("dialog", { name: "Publish the listing page?" })
      .getByRole("button", { name: /^Publish version \d+$/ })
      .click();
    await expect(page.getByLabel("Page link")).toHaveValue(/\/share\//);
    await page.getByRole("button", { name: "Unpublish" }).click();
    await page.getByRole("dialog", { name: "Unpublish the listing page?" }).getByRole("button", { name: "Unpublish" }).click();
    await expect(page.getByRole("button", { name: "Publish listing page" })).toBeVisible();
  });

  await test.step("sign out on all devices, then back in", async () => {
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("button", { name: "Sign out on all devices" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/workspaces/);
  });

  const labels = [
    "Member added",
    "Invitation sent",
    "Invitation accepted",
    "Invitation revoked",
    "Member role changed",
    "Member removed",
    "Listing page published",
    "Listing page unpublished",
    "Signed out on all devices",
  ];
  await test.step("Settings → Audit log shows each, with who and from where", async () => {
    await page.goto(`${base}/settings`);
    await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
    const events = page.getByTestId("audit-event");
    for (const label of labels) await expect(events.filter({ hasText: label }).first(), label).toBeVisible();
    const removal = events.filter({ hasText: "Member removed" }).first();
    await expect(removal).toContainText(admin.email);
    await expect(removal).toContainText(`by ${owner.name} (${owner.email})`);
    // Loopback here: no proxy in front, so the connection's own address.
    await expect(removal).toContainText(/from (127\.0\.0\.1|::1)/);
    await expect(events.filter({ hasText: "Invitation accepted" })).toContainText(`by ${admin.name}`);
    await expect(events.filter({ hasText: "Member role changed" })).toContainText("from: admin; to: agent");
    await expectAccessible(page, "audit log");
    await snap(page, "audit-log-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(page, "audit-log-390");
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step("the CSV export holds every event, oldest first", async () => {
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export as CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^atrium-audit-log-\d{4}-\d\d-\d\d\.csv$/);
    const csv = fs.readFileSync((await file.path())!, "utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Action,Action id,Actor,Target,Detail,Client address");
    for (const label of labels) expect(csv, label).toContain(`,${label},`);
    expect(lines[1]).toContain(",Member added,member_added,");
    expect(lines.at(-1)).toContain(",Signed out on all devices,signed_out_everywhere,");
  });

  const agent = await person(browser, "Cora Agent");
  await test.step("an invitation for another address is refused to her, in words, before she can join", async () => {
    await page.goto(`${base}/settings/members`);
    await page.getByLabel("Email (optional)").fill("someone-else@example.test");
    await page.getByRole("button", { name: "Create invite link" }).click();
    await agent.page.goto(await page.getByTestId("invite-link").inputValue());
    // Next's route announcer is an alert too: the notice is the one with the words.
    await expect(agent.page.getByRole("alert").filter({ hasText: "This invitation is for" })).toContainText(
      `This invitation is for someone-else@example.test, and you are signed in as ${agent.email}`,
    );
    await expect(agent.page.getByRole("button", { name: /^Join/ })).toHaveCount(0);
    await expect(agent.page.getByRole("button", { name: "Sign in with the invited address" })).toBeVisible();
    await expectAccessible(agent.page, "invitation for another address");
    await snap(agent.page, "invite-other-address-1280");
    await agent.page.setViewportSize({ width: 390, height: 844 });
    expect(await agent.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(agent.page, "invite-other-address-390");
  });

  await test.step("an agent finds no audit log", async () => {
    await page.goto(`${base}/settings/members`);
    await page.getByLabel("Email (optional)").fill(agent.email);
    await page.getByRole("button", { name: "Create invite link" }).click();
    await agent.page.goto(await page.getByTestId("invite-link").inputValue());
    await agent.page.getByRole("button", { name: "Join Ledger Lane Realty" }).click();
    await expect(agent.page).toHaveURL(/\/projects$/);
    await agent.page.goto(`${base}/settings/audit`);
    await expect(agent.page.getByRole("heading", { name: "Only owners and admins read the audit log" })).toBeVisible();
    await expect(agent.page.getByRole("link", { name: "Audit log" })).toHaveCount(0);
    await agent.context.close();
  });
  await admin.context.close();
});
