import { expect, test } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { choosePhotos, expectAccessible, roomJpeg, signUp, snap, uniqueEmail } from "./helpers";

const password = "listing-photos-2024";

// Two people sign up, each through the mailed link and a sign-in (argon2 on a shared machine).
test.describe.configure({ timeout: 240_000 });

test("a broker signs up, builds a team and uploads a listing's photos", async ({ page, browser }) => {
  const owner = { name: "Olivia Grant", email: uniqueEmail("owner"), password };

  await test.step("landing page", async () => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page, "landing");
    await snap(page, "01-landing");
  });

  await test.step("sign up", async () => {
    await page.getByRole("link", { name: "Get started" }).click();
    await expect(page).toHaveURL(/\/sign-up/);
    await expectAccessible(page, "sign-up");
    await signUp(page, owner);
    await expect(page).toHaveURL(/\/workspaces/);
    await expect(page.getByRole("heading", { name: "Set up your brokerage" })).toBeVisible();
    await expectAccessible(page, "workspaces");
    await snap(page, "02-create-workspace");
  });

  await test.step("create a workspace", async () => {
    await page.getByLabel("Brokerage name").fill("Harbour Realty");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(page).toHaveURL(/\/w\/harbour-realty[\w-]*\/projects$/);
    await expect(page.getByRole("heading", { name: "No projects yet" })).toBeVisible();
    await expectAccessible(page, "projects (empty)");
    await snap(page, "03-projects-empty");
  });

  const inviteLink = await test.step("invite an agent", async () => {
    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Members" }).click();
    await expect(page.getByRole("heading", { name: "Invite teammates" })).toBeVisible();
    await page.getByLabel("Role", { exact: true }).selectOption("agent");
    await page.getByRole("button", { name: "Create invite link" }).click();
    const link = await page.getByTestId("invite-link").inputValue();
    expect(link).toMatch(/\/invite\/[\w-]{20,}$/);
    await expect(page.getByText("Pending invitations")).toBeVisible();
    await expectAccessible(page, "members");
    await snap(page, "04-members");
    return link;
  });

  await test.step("settings show the provisioned key by prefix only", async () => {
    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { name: "Image service" })).toBeVisible();
    await expect(page.getByText("Provisioned")).toBeVisible();
    await expectAccessible(page, "settings");
    await snap(page, "05-settings");
  });

  await test.step("create a project", async () => {
    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Projects" }).click();
    await page.getByRole("button", { name: "New project" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New project" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "new project dialog");
    await dialog.getByLabel("Address").fill("12 Harbour Lane, Portsmouth");
    await dialog.getByLabel("Property type").selectOption("house");
    await dialog.getByLabel("Listing status").selectOption("active");
    await dialog.getByLabel("Price (USD)").fill("450000");
    await dialog.getByLabel("Bedrooms").fill("3");
    await dialog.getByLabel("Bathrooms").fill("2.5");
    await dialog.getByRole("button", { name: "Create project" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "12 Harbour Lane, Portsmouth" })).toBeVisible();
    await expect(page.getByText("No photos yet")).toBeVisible();
  });

  await test.step("upload two photos", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-e2e-"));
    const files = [await roomJpeg(dir, "living-room.jpg", "#d6c7a1"), await roomJpeg(dir, "bedroom.jpg", "#b8c4b8", 900, 1200)];
    await choosePhotos(page, files);
    await expect(page.getByRole("status").filter({ hasText: "2 photos uploaded" })).toBeVisible();
    const grid = page.getByRole("list", { name: "Photos" });
    await expect(grid.getByRole("listitem")).toHaveCount(2);
    await expect(grid.getByRole("img", { name: "living-room.jpg" })).toBeVisible();
    await expect(grid.getByText("900×1200")).toBeVisible();
    // The images really load from storage.
    const images = grid.getByRole("img");
    await images.last().scrollIntoViewIfNeeded();
    await expect
      .poll(() => images.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0)))
      .toEqual([true, true]);
    await expectAccessible(page, "project");
    await snap(page, "06-project-photos");
  });

  await test.step("the project card shows its cover", async () => {
    await page.getByRole("link", { name: "Projects", exact: true }).first().click();
    const card = page.getByRole("link", { name: /12 Harbour Lane/ });
    await expect(card.getByText("2 photos")).toBeVisible();
    await expectAccessible(page, "projects");
    await snap(page, "07-projects");
  });

  await test.step("usage page", async () => {
    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Usage" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Usage" })).toBeVisible();
    await expectAccessible(page, "usage");
  });

  await test.step("a second person joins as agent", async () => {
    const context = await browser.newContext();
    const agentPage = await context.newPage();
    const agent = { name: "Arjun Patel", email: uniqueEmail("agent"), password };
    await agentPage.goto(inviteLink);
    await expect(agentPage.getByRole("heading", { name: "Join Harbour Realty" })).toBeVisible();
    await expectAccessible(agentPage, "invite");
    await snap(agentPage, "08-invite");
    await agentPage.getByRole("link", { name: "Create an account to join" }).click();
    await signUp(agentPage, agent);
    await expect(agentPage).toHaveURL(/\/invite\//);
    await agentPage.getByRole("button", { name: "Join Harbour Realty" }).click();
    await expect(agentPage).toHaveURL(/\/w\/harbour-realty[\w-]*\/projects$/);
    await expect(agentPage.getByRole("link", { name: /12 Harbour Lane/ })).toBeVisible();

    const nav = agentPage.getByRole("navigation", { name: "Workspace" });
    await expect(nav.getByRole("link", { name: "Projects" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Members" })).toHaveCount(0);
    await nav.getByRole("link", { name: "Settings" }).click();
    await expect(agentPage.getByRole("heading", { name: "Workspace", exact: true })).toBeVisible();
    await expect(agentPage.getByRole("heading", { name: "Image service" })).toHaveCount(0);
    await agentPage.goto(agentPage.url().replace(/\/settings$/, "/settings/members"));
    await expect(agentPage.getByRole("heading", { name: "Only owners and admins manage members" })).toBeVisible();
    await expect(agentPage.getByRole("button", { name: "Create invite link" })).toHaveCount(0);
    await snap(agentPage, "09-agent-members-refused");
    await context.close();
  });

  await test.step("the owner sees the agent in the team", async () => {
    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Members" }).click();
    await expect(page.getByText("Arjun Patel", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Role of Arjun Patel")).toHaveValue("agent");
  });

  await test.step("phone width: the sidebar becomes a drawer", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(page.url().replace(/\/settings\/members$/, "/projects"));
    await expect(page.getByRole("navigation", { name: "Workspace" })).toBeHidden();
    await page.getByRole("button", { name: "Open navigation" }).click();
    await expect(page.getByRole("navigation", { name: "Workspace" })).toBeVisible();
    await expectAccessible(page, "mobile drawer");
    await snap(page, "10-mobile-drawer");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Workspace" })).toBeHidden();
  });

  await test.step("sign out", async () => {
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto("/workspaces");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  });
});
