import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expectAccessible, roomJpeg, signUp, snap, uniqueEmail } from "./helpers";

/**
 * Nothing destructive happens on one click: removing a member, revoking an invitation,
 * deleting a photo, turning off a share link and archiving each ask first (Cancel leaves
 * things as they were); deleting a photo and archiving can be undone from their toasts; an owner deletes a workspace only by
 * typing its name, and it is gone for the whole team.
 */
test.describe.configure({ timeout: 300_000 });

const password = "listing-photos-2024";

async function atBothWidths(page: Page, name: string) {
  await snap(page, `${name}-1280`);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `${name}-390`);
  if (size) await page.setViewportSize(size);
}

test("destructive actions ask first, archive can be undone, a workspace is deleted only by typing its name", async ({ page, browser }) => {
  await page.goto("/sign-up");
  await signUp(page, { name: "Vera Careful", email: uniqueEmail("careful"), password });
  await expect(page).toHaveURL(/\/workspaces/, { timeout: 45_000 });
  await page.getByLabel("Brokerage name").fill("Careful Realty");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  const projectsUrl = page.url();
  await page.getByRole("button", { name: "New project" }).first().click();
  const newProject = page.getByRole("dialog", { name: "New project" });
  await newProject.getByLabel("Address").fill("5 Safe Street");
  await newProject.getByLabel("Property type").selectOption("house");
  await newProject.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "5 Safe Street" })).toBeVisible();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-confirm-"));
  await page.getByLabel("Upload photos").setInputFiles([await roomJpeg(dir, "hall.jpg", "#d6c7a1", 320, 240)]);
  const photos = page.getByRole("list", { name: "Photos" }).getByRole("listitem");
  await expect(photos).toHaveCount(1);

  await test.step("delete a photo: Cancel keeps it, confirming deletes it, Undo brings it back", async () => {
    await page.getByRole("button", { name: "Delete hall.jpg" }).click();
    const ask = page.getByRole("dialog", { name: "Delete hall.jpg?" });
    await expect(ask).toBeVisible();
    await expectAccessible(page, "confirm photo deletion");
    await atBothWidths(page, "confirm-01-photo");
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(ask).toBeHidden();
    await expect(photos).toHaveCount(1);
    await page.getByRole("button", { name: "Delete hall.jpg" }).click();
    await ask.getByRole("button", { name: "Delete photo" }).click();
    await expect(page.getByText("No photos yet")).toBeVisible();
    await expect(page.getByText("hall.jpg deleted")).toBeVisible();
    await atBothWidths(page, "confirm-01b-photo-undo");
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText("hall.jpg restored")).toBeVisible();
    await expect(photos).toHaveCount(1);
    // Restored on the server, not only on this page.
    await page.reload();
    await expect(photos).toHaveCount(1);
  });

  await test.step("turn off the share link only after confirming", async () => {
    await page.getByRole("button", { name: "Publish listing page" }).click();
    await page.getByRole("dialog", { name: "Publish the listing page?" }).getByRole("button", { name: /^Publish version \d+$/ }).click();
    await expect(page.getByLabel("Page link")).toHaveValue(/\/share\//);
    await page.getByRole("button", { name: "Unpublish" }).click();
    const ask = page.getByRole("dialog", { name: "Unpublish the listing page?" });
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByLabel("Page link")).toHaveValue(/\/share\//);
    await page.getByRole("button", { name: "Unpublish" }).click();
    await ask.getByRole("button", { name: "Unpublish" }).click();
    await expect(page.getByRole("button", { name: "Publish listing page" })).toBeVisible();
  });

  await test.step("archive, then undo from the toast", async () => {
    await page.getByRole("button", { name: "Archive" }).click();
    await page.getByRole("dialog", { name: "Archive this project?" }).getByRole("button", { name: "Archive" }).click();
    await expect(page).toHaveURL(projectsUrl);
    await expect(page.getByRole("link", { name: /5 Safe Street/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText("Project restored")).toBeVisible();
    await expect(page.getByRole("link", { name: /5 Safe Street/ })).toBeVisible();
  });

  const nav = page.getByRole("navigation", { name: "Workspace" });
  await test.step("remove a member only after confirming", async () => {
    await nav.getByRole("link", { name: "Members" }).click();
    await page.getByRole("button", { name: "Create invite link" }).click();
    const inviteLink = await page.getByTestId("invite-link").inputValue();
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    await agentPage.goto(inviteLink);
    await agentPage.getByRole("link", { name: "Create an account to join" }).click();
    await signUp(agentPage, { name: "Milo Agent", email: uniqueEmail("agent"), password });
    await expect(agentPage).toHaveURL(/\/invite\//);
    await agentPage.getByRole("button", { name: "Join Careful Realty" }).click();
    await expect(agentPage).toHaveURL(/\/projects$/);
    await agentContext.close();

    await page.reload();
    await test.step("revoke an invitation only after confirming", async () => {
      const pendingEmail = uniqueEmail("pending");
      await page.getByLabel("Email (optional)").fill(pendingEmail);
      await page.getByRole("button", { name: "Create invite link" }).click();
      const pending = page.getByRole("listitem").filter({ hasText: pendingEmail });
      await expect(pending).toBeVisible();
      await pending.getByRole("button", { name: /^Revoke/ }).click();
      const ask = page.getByRole("dialog", { name: "Revoke this invitation?" });
      await expect(ask.getByText(`The link sent to ${pendingEmail} stops working at once.`)).toBeVisible();
      await expectAccessible(page, "confirm invitation revoke");
      await atBothWidths(page, "confirm-02a-invitation");
      await ask.getByRole("button", { name: "Cancel" }).click();
      await expect(ask).toBeHidden();
      await expect(pending).toBeVisible();
      await pending.getByRole("button", { name: /^Revoke/ }).click();
      await ask.getByRole("button", { name: "Revoke invitation" }).click();
      await expect(page.getByText("Invitation revoked")).toBeVisible();
      await expect(pending).toHaveCount(0);
    });
    await page.getByRole("button", { name: "Remove Milo Agent" }).click();
    const ask = page.getByRole("dialog", { name: "Remove Milo Agent?" });
    await expectAccessible(page, "confirm member removal");
    await atBothWidths(page, "confirm-02-member");
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByRole("button", { name: "Remove Milo Agent" })).toBeVisible();
    await page.getByRole("button", { name: "Remove Milo Agent" }).click();
    await ask.getByRole("button", { name: "Remove member" }).click();
    await expect(page.getByText("Milo Agent was removed from Careful Realty")).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove Milo Agent" })).toHaveCount(0);
  });

  await test.step("delete the workspace by typing its name", async () => {
    await nav.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("button", { name: "Delete workspace" }).click();
    const ask = page.getByRole("dialog", { name: "Delete Careful Realty?" });
    const confirm = ask.getByRole("button", { name: "Delete workspace" });
    await expect(ask.getByText(/key this workspace was given is revoked/)).toBeVisible();
    await expect(confirm).toBeDisabled();
    await ask.getByLabel('Type "Careful Realty" to confirm').fill("Careful");
    await expect(confirm).toBeDisabled();
    await ask.getByLabel('Type "Careful Realty" to confirm').fill("Careful Realty");
    await expectAccessible(page, "confirm workspace deletion");
    await atBothWidths(page, "confirm-03-workspace");
    await confirm.click();
    await expect(page).toHaveURL(/\/workspaces$/);
    await expect(page.getByRole("link", { name: /Careful Realty/ })).toHaveCount(0);
    await page.goto(projectsUrl);
    await expect(page.getByRole("heading", { level: 1, name: "5 Safe Street" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /5 Safe Street/ })).toHaveCount(0);
  });
});
