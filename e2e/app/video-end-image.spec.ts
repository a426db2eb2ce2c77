import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expectAccessible, snap, uniqueEmail } from "./helpers";
import { projectWithPhotos, stagePhoto, type StudioProject } from "./studio-api";

/**
 * Issue 42, points 2 and 3: a whole-listing batch's results belong in Results (no
 * "No results yet" under them), and the video's end-image picker names every image and
 * its kind, offers the batch's results, and warns when the start and end images show
 * different rooms (different source photos).
 */
test.describe.configure({ timeout: 240_000 });

async function stageWholeListing(project: StudioProject, photoIds: string[]) {
  const where = { workspaceId: project.workspace.id, projectId: project.projectId };
  await project.api.batches.start.mutate({
    ...where,
    requestId: randomUUID(),
    style: "scandinavian",
    intensity: 0.6,
    photos: photoIds.map((photoId) => ({ photoId, roomType: "bedroom" as const })),
  });
  await expect
    .poll(async () => (await project.api.batches.list.query(where))[0]?.status, { timeout: 150_000, intervals: [1000] })
    .toBe("completed");
}

test("a batch's results are under Results and offered, named, as the video's end image; different rooms are pointed out", async ({
  page,
}) => {
  const project = await projectWithPhotos(page, {
    person: { name: "Vera Video", email: uniqueEmail("video-end"), password: "end-image-2026" },
    brokerage: "Reel Realty",
    project: { address: "8 Frame Street", propertyType: "house" },
    photos: [
      { name: "kitchen.jpg", color: "#e8dcc8" },
      { name: "bedroom.jpg", color: "#cfd8dc" },
    ],
  });
  const [kitchen, bedroom] = project.photos;
  await stageWholeListing(project, [bedroom.id]);

  await test.step("Results holds the batch, and says nothing of there being no results", async () => {
    await page.goto(project.projectPath);
    const results = page.getByRole("region", { name: "Results" });
    await expect(results.getByRole("article", { name: /Whole listing/ })).toBeVisible();
    await expect(page.getByText("No results yet")).toHaveCount(0);
  });

  await stagePhoto(project, kitchen.id);
  await page.goto(`${project.projectPath}?tab=video`);
  const end = page.getByRole("group", { name: /^End image/ });
  await test.step("every image of the end picker says what it is and which photo it shows", async () => {
    await expect(end.getByRole("radio", { name: /^Photo\s*kitchen\.jpg$/ })).toHaveCount(1);
    await expect(end.getByRole("radio", { name: /^Photo\s*bedroom\.jpg$/ })).toHaveCount(1);
    // The single staging (Modern) and the batch's result (Scandinavian), each named after its photo.
    await expect(end.getByRole("radio", { name: /^Style preview — Modern\s*of kitchen\.jpg$/ })).toHaveCount(1);
    await expect(end.getByRole("radio", { name: /^Style preview — Scandinavian\s*of bedroom\.jpg$/ })).toHaveCount(1);
  });

  await test.step("a start and an end of different rooms are pointed out; the same room is not", async () => {
    const start = page.getByRole("group", { name: /^Start image/ });
    // The radios are visually hidden: a person clicks the tile, their label.
    await start
      .locator("label")
      .filter({ hasText: /^Photo\s*kitchen\.jpg$/ })
      .click();
    await end
      .locator("label")
      .filter({ hasText: /Scandinavian\s*of bedroom\.jpg$/ })
      .click();
    await expect(end.getByRole("radio", { name: /Scandinavian\s*of bedroom\.jpg$/ })).toBeChecked();
    const warning = page.getByRole("status").filter({ hasText: "different rooms" });
    await expect(warning).toContainText("kitchen.jpg");
    await expect(warning).toContainText("bedroom.jpg");
    await expectAccessible(page, "video end image, different rooms");
    await snap(page, "video-end-image-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, "video-end-image-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await end
      .locator("label")
      .filter({ hasText: /Modern\s*of kitchen\.jpg$/ })
      .click();
    await expect(warning).toHaveCount(0);
  });
});
