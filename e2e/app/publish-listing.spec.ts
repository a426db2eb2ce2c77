import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { expectAccessible, snap, uniqueEmail } from "./helpers";
import { desktop, fitsPhones } from "./phone";
import { projectWithPhotos, signUpThroughApi, stagePhoto } from "./studio-api";

/**
 * Publishing is an act (issue 42): an agent's change to a published listing (a result
 * added, the order changed, a caption dropped) waits in the draft. The public page, the
 * MLS remark and the zip stay as they were, naming version 1, until the owner presses
 * "Publish changes" and confirms what will change; then all three change together and
 * name version 2, and the audit log shows both steps: the agent's draft edit and the
 * owner's publish with its version.
 */
async function downloadedZip(page: Page) {
  const panel = page.getByTestId("listing-page-panel");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("link", { name: "Download listing (zip)" }).click(),
  ]);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const manifest = JSON.parse(Buffer.from(files["manifest.json"]).toString("utf8")) as {
    version: { number: number };
    files: { file: string; caption: string | null }[];
  };
  return {
    name: download.suggestedFilename(),
    photos: manifest.files.map((file) => [file.file, file.caption]),
    version: manifest.version.number,
    remark: Buffer.from(files["mls-remark.txt"]).toString("utf8").split("\n")[0],
  };
}

async function publicPage(visitor: Page, url: string) {
  await visitor.goto(url);
  await expect(visitor.getByRole("heading", { level: 1, name: "9 Quay Street" })).toBeVisible();
  return {
    photos: await visitor.getByRole("heading", { level: 3 }).allTextContents(),
    captions: await visitor.getByTestId("altered-caption").allTextContents(),
    version: await visitor.getByTestId("listing-version").textContent(),
  };
}

test("an agent's change waits in the draft until the owner publishes it; then page, remark and zip change together", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const owner = { name: "Nora Quay", email: uniqueEmail("publish-owner"), password: "publish-listing-2024" };
  const project = await projectWithPhotos(page, {
    person: owner,
    brokerage: "Quay Street Homes",
    project: { address: "9 Quay Street", price: 540000, bedrooms: 2, bathrooms: 1 },
    photos: [
      { name: "lounge.jpg", color: "#d6c7a1" },
      { name: "bedroom.jpg", color: "#cfd8dc" },
      { name: "kitchen.jpg", color: "#e8dcc8" },
    ],
  });
  const where = { workspaceId: project.workspace.id, projectId: project.projectId };
  const staged = [];
  for (const photo of project.photos) staged.push(await stagePhoto(project, photo.id));
  await project.api.listings.setPicks.mutate({
    ...where,
    picks: [{ outputId: staged[0].outputId, caption: "Lounge with the bay window" }, { outputId: staged[1].outputId }],
  });

  await desktop(page);
  await page.goto(project.projectPath);
  const panel = page.getByTestId("listing-page-panel");
  await test.step("the owner's first publish goes through the same act", async () => {
    await expect(panel.getByText("Not published")).toBeVisible();
    await panel.getByRole("button", { name: "Publish listing page" }).click();
    const dialog = page.getByRole("dialog", { name: "Publish the listing page?" });
    await expect(dialog.getByText(/Anyone with the link will see 2 photos as version 1/)).toBeVisible();
    await dialog.getByRole("button", { name: "Publish version 1" }).click();
    await expect(panel.getByText("Published", { exact: true })).toBeVisible();
    await expect(panel.getByTestId("listing-version")).toHaveText(/^Version 1, published \d{1,2} \w{3} \d{4} by Nora Quay\.$/);
  });
  const pageUrl = await page.getByLabel("Page link").inputValue();
  const remarkBefore = (await page.getByTestId("remark-line").textContent())!;
  expect(remarkBefore).toMatch(/Photos 1 and 2: style preview .*\(Version 1, published /);
  const zipBefore = await downloadedZip(page);
  expect(zipBefore).toMatchObject({
    name: "9-quay-street-listing-v1.zip",
    version: 1,
    photos: [
      ["photo-01-style-preview.jpg", "Lounge with the bay window"],
      ["photo-02-style-preview.jpg", null],
    ],
  });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const pageBefore = await publicPage(visitor, pageUrl);
  expect(pageBefore.photos).toEqual(["Photo 1", "Photo 2"]);
  expect(pageBefore.captions).toEqual(["Lounge with the bay window"]);
  expect(pageBefore.version).toMatch(/Version 1, published/);

  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  const agent = { name: "Ravi Agent", email: uniqueEmail("publish-agent"), password: "publish-agent-2024" };
  await test.step("the agent changes the draft and cannot publish it", async () => {
    const agentApi = await signUpThroughApi(agentPage, agent);
    const invitation = await project.api.invitations.create.mutate({
      workspaceId: project.workspace.id,
      role: "agent",
      requestId: randomUUID(),
    });
    await agentApi.invitations.accept.mutate({ token: invitation.token });
    await desktop(agentPage);
    await agentPage.goto(project.projectPath);
    const agentPanel = agentPage.getByTestId("listing-page-panel");
    // Runs are listed newest first: the kitchen's is first.
    await agentPage
      .getByRole("list", { name: "Workflow runs" })
      .locator(":scope > li")
      .nth(0)
      .getByRole("button", { name: "Add to listing" })
      .click();
    await expect(agentPanel.getByTestId("listing-pick")).toHaveCount(3);
    await agentPanel.getByRole("button", { name: "Move Photo 2 up" }).click();
    await expect(agentPanel.getByText("2 unpublished changes")).toBeVisible();
    await agentPanel.getByLabel("Caption of Photo 2").fill("");
    await agentPanel.getByLabel("Caption of Photo 2").blur();
    const state = agentPanel.getByTestId("listing-draft-state");
    await expect(state.getByText("3 unpublished changes")).toBeVisible();
    await expect(state.getByRole("list", { name: "Unpublished changes" }).getByRole("listitem")).toHaveText([
      "Added: Photo 3",
      "Moved: Photo 2 (the photos' numbers change)",
      "Caption changed: Photo 2",
    ]);
    await expect(state.getByText("Only owners and admins can publish: these changes go public when one of them does.")).toBeVisible();
    await expect(agentPanel.getByRole("button", { name: /^Publish/ })).toHaveCount(0);
    await expect(agentPanel.getByRole("button", { name: "Unpublish" })).toHaveCount(0);
    await snap(agentPage, "publish-01-agent-draft");
  });

  await test.step("the public page, the remark and the zip stay as published", async () => {
    expect(await publicPage(visitor, pageUrl)).toEqual(pageBefore);
    await page.reload();
    await expect(panel.getByTestId("listing-draft-state").getByText("3 unpublished changes")).toBeVisible();
    await expect(page.getByTestId("remark-line")).toHaveText(remarkBefore);
    await expect(page.getByTestId("remark-version")).toHaveText(
      /^Version 1, published .* The 3 unpublished changes are not in it until published\.$/,
    );
    expect(await downloadedZip(page)).toEqual(zipBefore);
    await expect(panel.getByTestId("listing-pick").nth(2).getByText("New", { exact: true })).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await expectAccessible(page, "listing panel with unpublished changes (1280 px)");
    await snap(page, "publish-02-owner-pending-1280");
    await fitsPhones(page, "publish-owner-pending");
    await desktop(page);
  });

  await test.step("the owner publishes, confirming what changes: page, remark and zip change together", async () => {
    await panel.getByRole("button", { name: "Publish changes" }).click();
    const dialog = page.getByRole("dialog", { name: "Publish version 2?" });
    await expect(dialog.getByRole("listitem")).toHaveText([
      "Added: Photo 3",
      "Moved: Photo 2 (the photos' numbers change)",
      "Caption changed: Photo 2",
    ]);
    await dialog.getByRole("button", { name: "Publish version 2" }).click();
    await expect(page.getByText("Version 2 published")).toBeVisible();
    await expect(panel.getByTestId("listing-version")).toHaveText(/^Version 2, published .* by Nora Quay\.$/);
    await expect(panel.getByText("The public page shows this draft as it is.")).toBeVisible();
    expect(await page.getByLabel("Page link").inputValue()).toBe(pageUrl);

    const pageAfter = await publicPage(visitor, pageUrl);
    expect(pageAfter).toEqual({
      photos: ["Photo 1", "Photo 2", "Photo 3"],
      captions: [],
      version: expect.stringMatching(/Version 2, published/),
    });
    await expect(page.getByTestId("remark-line")).toHaveText(/Photos 1, 2 and 3: style preview .*\(Version 2, published /);
    const zipAfter = await downloadedZip(page);
    expect(zipAfter).toMatchObject({ name: "9-quay-street-listing-v2.zip", version: 2 });
    expect(zipAfter.photos).toEqual([
      ["photo-01-style-preview.jpg", null],
      ["photo-02-style-preview.jpg", null],
      ["photo-03-style-preview.jpg", null],
    ]);
    expect(zipAfter.remark).toBe(await page.getByTestId("remark-line").textContent());
    await expectAccessible(visitor, "published listing page, version 2 (1280 px)");
    await snap(visitor, "publish-03-public-1280");
    await fitsPhones(visitor, "publish-public");
  });

  await test.step("the audit log shows the agent's draft edit and the owner's publish with its version", async () => {
    await page.goto(`/w/${project.workspace.slug}/settings/audit`);
    const events = page.getByTestId("audit-event");
    const edits = events.filter({ hasText: "Listing page draft changed" }).filter({ hasText: agent.email });
    await expect(edits.first()).toBeVisible();
    await expect(edits.filter({ hasText: "added: 1" }).first()).toBeVisible();
    const publishes = events.filter({ hasText: "Listing page published" });
    await expect(publishes).toHaveCount(2);
    await expect(publishes.nth(0)).toContainText(`${owner.name} (${owner.email})`);
    await expect(publishes.nth(0)).toContainText("version: 2");
    await expect(publishes.nth(1)).toContainText("version: 1");
    // Newest first: the publish came after the agent's edits.
    const actions = await events.evaluateAll((items) => items.map((item) => item.getAttribute("data-action")));
    expect(actions.indexOf("listing_published")).toBeLessThan(actions.indexOf("listing_draft_edited"));
    await snap(page, "publish-04-audit");
  });
  await test.step("once the owner lets agents publish (Settings → Agents), the agent publishes too", async () => {
    await page.goto(`/w/${project.workspace.slug}/settings`);
    const form = page.getByRole("form", { name: "What agents may do" });
    await form.getByLabel("Agents may publish listing pages").check();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved what agents may do")).toBeVisible();
    await expectAccessible(page, "settings with the agents' permissions");
    await snap(page, "publish-05-settings-agents");
    await fitsPhones(page, "settings-agents");
    await desktop(page);

    await agentPage.reload();
    const agentPanel = agentPage.getByTestId("listing-page-panel");
    await agentPanel.getByLabel("Caption of Photo 3").fill("Kitchen, new worktops");
    await agentPanel.getByLabel("Caption of Photo 3").blur();
    await agentPanel.getByRole("button", { name: "Publish changes" }).click();
    await agentPage.getByRole("dialog", { name: "Publish version 3?" }).getByRole("button", { name: "Publish version 3" }).click();
    await expect(agentPanel.getByTestId("listing-version")).toHaveText(/^Version 3, published .* by Ravi Agent\.$/);
    expect((await publicPage(visitor, pageUrl)).captions).toEqual(["Kitchen, new worktops"]);
    await expect(agentPanel.getByRole("button", { name: "Unpublish" })).toHaveCount(0);
  });
  await agentContext.close();
  await visitorContext.close();
});
