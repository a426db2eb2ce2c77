import { expect, test } from "@playwright/test";
import { expectAccessible, uniqueEmail } from "./helpers";
import { projectWithPhotos, renderVideo, stagePhoto } from "./studio-api";

/**
 * The project page's results as an agent meets them: the workflow tab lives in the URL;
 * results filter by workflow (also in the URL) and are deleted only after a
 * confirmation; a video shows a poster frame before it plays. The results themselves
 * are made through the studio's procedures (the workflows spec clicks through them).
 */
const person = () => ({ name: "Priya Shah", email: uniqueEmail("results"), password: "results-page-2024" });
const run = (page: import("@playwright/test").Page, name: string) => page.getByRole("article", { name });

test("the workflow tab is in the URL and survives a reload", async ({ page }) => {
  const project = await projectWithPhotos(page, {
    person: person(),
    brokerage: "Shah & Partners Realty",
    project: { address: "12 Orchard Lane" },
    photos: [{ name: "lounge.jpg", color: "#d6c7a1" }],
  });
  await page.goto(project.projectPath);
  const workflows = page.getByRole("region", { name: "Workflows" });
  await workflows.getByRole("tab", { name: "Video" }).click();
  await expect(page).toHaveURL(/[?&]tab=video/);
  await page.reload();
  await expect(workflows.getByRole("tab", { name: "Video" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Render video" })).toBeVisible();
  await workflows.getByRole("tab", { name: "Stage" }).click();
  await expect(page).toHaveURL(/[?&]tab=stage/);
  await expect(workflows.getByRole("tab", { name: "Stage" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Stage photo" })).toBeVisible();
});

test("results filter by workflow, a delete asks first, and a video has a poster", async ({ page }) => {
  test.setTimeout(240_000);
  const project = await projectWithPhotos(page, {
    person: person(),
    brokerage: "Shah & Partners Realty",
    project: { address: "12 Orchard Lane" },
    photos: [{ name: "lounge.jpg", color: "#d6c7a1" }],
  });
  const photoId = project.photos[0].id;
  const first = await stagePhoto(project, photoId);
  await stagePhoto(project, photoId, "japandi");
  await renderVideo(project, photoId, first.outputId);

  await page.goto(project.projectPath);
  await expect(run(page, "Staging")).toHaveCount(2);
  const video = run(page, "Video").getByLabel("Listing video");
  const poster = await video.getAttribute("poster");
  expect(poster, "a poster frame, so the player is not a black box before it plays").toBeTruthy();
  const posterResponse = await page.request.get(poster!);
  expect(posterResponse.ok()).toBe(true);
  expect(posterResponse.headers()["content-type"]).toMatch(/^image\//);

  const filter = page.getByRole("group", { name: "Show results of" });
  await filter.getByRole("button", { name: /^Video/ }).click();
  await expect(page).toHaveURL(/[?&]results=video/);
  await expect(run(page, "Staging")).toHaveCount(0);
  await expect(run(page, "Video")).toHaveCount(1);
  await filter.getByRole("button", { name: /^Staging/ }).click();
  await expect(page).toHaveURL(/[?&]results=staging/);
  await expect(run(page, "Staging")).toHaveCount(2);
  await expect(run(page, "Video")).toHaveCount(0);

  const older = run(page, "Staging").last();
  await older.getByRole("button", { name: "Delete this staging result" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this result?" });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, "delete result dialog");
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(confirm).toBeHidden();
  await expect(run(page, "Staging")).toHaveCount(2);
  await older.getByRole("button", { name: "Delete this staging result" }).click();
  await confirm.getByRole("button", { name: "Delete result" }).click();
  await expect(run(page, "Staging")).toHaveCount(1);

  // The deletion is on the server, and the filter came back with the page.
  await page.reload();
  await expect(filter.getByRole("button", { name: /^Staging/ })).toHaveAttribute("aria-pressed", "true");
  await expect(run(page, "Staging")).toHaveCount(1);
  await filter.getByRole("button", { name: /^All/ }).click();
  await expect(run(page, "Video")).toHaveCount(1);
  const left = await project.api.generations.list.query({ workspaceId: project.workspace.id, projectId: project.projectId });
  expect(left.map((generation) => generation.kind).sort()).toEqual(["staging", "video"]);
});
