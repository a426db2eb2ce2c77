import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { choosePhotos, expectAccessible, roomJpeg, signUp, snap, uniqueEmail } from "./helpers";
import { ownerOfWorkspace, signUpThroughApi } from "./studio-api";

/**
 * Nothing destructive happens on one click: removing a member, revoking an invitation,
 * deleting a photo, turning off a share link and archiving each ask first (Cancel leaves
 * things as they were); deleting a photo and archiving can be undone from their toasts; an owner deletes a workspace only by
 * typing its name, and it is gone for the whole team. Removing an admin, or making one an
 * agent, says what goes with them: their API keys and webhook endpoints are revoked, or
 * taken over by the owner who chooses so (round 4, N1).
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
  await choosePhotos(page, [await roomJpeg(dir, "hall.jpg", "#d6c7a1", 320, 240)]);
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
    await page
      .getByRole("dialog", { name: "Publish the listing page?" })
      .getByRole("button", { name: /^Publish version \d+$/ })
      .click();
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

test("removing an admin or making one an agent says what goes with them: revoked by default, or taken over by the owner", async ({
  page,
  browser,
  baseURL,
}) => {
  const { api, workspace } = await ownerOfWorkspace(page, { name: "Orla Owner", email: uniqueEmail("orla"), password }, "Departure Realty");
  const hook = (name: string) => `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 3199}/${name}`;
  /** An admin who made a key and a webhook endpoint, signed in in a browser of their own. */
  async function adminWithKey(name: string, slug: string) {
    const context = await browser.newContext({ baseURL });
    const adminApi = await signUpThroughApi(await context.newPage(), { name, email: uniqueEmail(slug), password });
    const { token } = await api.invitations.create.mutate({ workspaceId: workspace.id, role: "admin", requestId: randomUUID() });
    await adminApi.invitations.accept.mutate({ token });
    const key = await adminApi.developers.createKey.mutate({
      workspaceId: workspace.id,
      name: `${name.split(" ")[0]}'s CRM`,
      scope: "full",
    });
    await adminApi.developers.createWebhook.mutate({ workspaceId: workspace.id, url: hook(slug), eventTypes: ["job.completed"] });
    await context.close();
    return key;
  }
  // The request context's idle keep-alive socket may be closed by the server while a dialog is
  // looked at: a reset connection is tried again (Playwright retries only ECONNRESET).
  const keyStatus = async (apiKey: string) =>
    (await page.request.get("/api/v1/me", { headers: { "x-api-key": apiKey }, maxRetries: 2 })).status();
  const adaKey = await adminWithKey("Ada Leaving", "ada");
  const abeKey = await adminWithKey("Abe Staying", "abe");
  await page.goto(`/w/${workspace.slug}/settings/members`);

  await test.step("removing Ada lists her key and endpoint; revoking is the default, and her key is refused at once", async () => {
    await page.getByRole("button", { name: "Remove Ada Leaving" }).click();
    const ask = page.getByRole("dialog", { name: "Remove Ada Leaving?" });
    const held = ask.getByRole("list", { name: "What they hold" });
    await expect(held.getByRole("listitem")).toHaveText([`API key Ada's CRM (${adaKey.prefix}…)`, `Webhook endpoint ${hook("ada")}`]);
    await expect(ask.getByRole("radio", { name: /Revoke them/ })).toBeChecked();
    await expectAccessible(page, "member removal with keys");
    await atBothWidths(page, "confirm-06-member-keys");
    await ask.getByRole("button", { name: "Remove member" }).click();
    await expect(page.getByText("Ada Leaving was removed from Departure Realty")).toBeVisible();
    expect(await keyStatus(adaKey.apiKey)).toBe(403);
  });

  await test.step("making Abe an agent asks too; taking over keeps his key working, held by the owner", async () => {
    await page.getByLabel("Role of Abe Staying").selectOption("agent");
    const ask = page.getByRole("dialog", { name: "Make Abe Staying an agent?" });
    await expect(ask.getByRole("listitem")).toHaveText([`API key Abe's CRM (${abeKey.prefix}…)`, `Webhook endpoint ${hook("abe")}`]);
    await ask.getByRole("radio", { name: /Hand them over to me/ }).check();
    await atBothWidths(page, "confirm-07-member-demote");
    await ask.getByRole("button", { name: "Make agent" }).dblclick();
    await expect(page.getByText("Abe Staying is now an agent")).toBeVisible();
    await expect(page.getByLabel("Role of Abe Staying")).toHaveValue("agent");
    expect(await keyStatus(abeKey.apiKey)).toBe(200);
  });

  await test.step("the key list shows who made each key and who holds it now; the audit log has each change", async () => {
    await page.goto(`/w/${workspace.slug}/developers`);
    const keys = page.getByTestId("api-key");
    await expect(keys.filter({ hasText: "Ada's CRM" })).toHaveCount(0);
    await expect(keys.filter({ hasText: "Abe's CRM" })).toContainText("by Abe Staying, now held by Orla Owner");
    await atBothWidths(page, "confirm-08-keys-held");
    const { events } = await api.audit.list.query({ workspaceId: workspace.id });
    expect(events.map((event) => [event.action, event.detail.reason ?? null]).filter(([, reason]) => reason)).toEqual([
      ["webhook_endpoint_handed_over", "member_demoted"],
      ["api_key_handed_over", "member_demoted"],
      ["webhook_endpoint_disabled", "member_removed"],
      ["api_key_revoked", "member_removed"],
    ]);
  });

  await test.step("the owner is mailed what became of each", async () => {
    await expect(async () => {
      await page.goto(`/dev/outbox?to=${encodeURIComponent((await api.auth.emailStatus.query()).email)}`);
      await expect(page.getByRole("heading", { name: /^What .+ set up in Departure Realty was revoked$/ })).toBeVisible({ timeout: 1_000 });
      await expect(page.getByRole("heading", { name: /^What .+ set up in Departure Realty was handed over$/ })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
  });
});
