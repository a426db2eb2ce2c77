import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expectAccessible, snap, uniqueEmail } from "./helpers";
import { desktop, fitsPhones } from "./phone";
import { projectWithPhotos, renderVideo, stagePhoto, waitForGeneration } from "./studio-api";

/**
 * The share page reads as a listing: brokerage, address, price and facts, the latest
 * wording of the description, the agent to contact, the video with a poster, and each
 * altered image beside its unaltered original, shown as WebP copies with a link to the
 * full-size file; it fits a phone and is axe-clean at both sizes. A bad token gets the
 * branded 404, axe-clean too. The listing's content is made through the studio's procedures.
 */
test("the share page reads as a listing and fits a phone", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const person = { name: "Priya Shah", email: uniqueEmail("share"), password: "share-listing-2024" };
  const project = await projectWithPhotos(page, {
    person,
    brokerage: "Shah & Partners Realty",
    project: {
      address: "221 Long Meadow Boulevard, Apartment 14, Westbrook Heights",
      propertyType: "condo",
      price: 615000,
      bedrooms: 2,
      bathrooms: 2,
    },
    photos: [
      { name: "lounge.jpg", color: "#d6c7a1" },
      { name: "lounge-east.jpg", color: "#cdbf9c" },
    ],
  });
  const where = { workspaceId: project.workspace.id, projectId: project.projectId };
  const staged = await stagePhoto(project, project.photos[0].id);
  await renderVideo(project, project.photos[0].id, staged.outputId);
  const description = await project.api.generations.describe.mutate({
    ...where,
    requestId: randomUUID(),
    photoIds: project.photos.map((photo) => photo.id),
    property: { propertyType: "condo", listingType: "sale", price: 615000, bedrooms: 2, bathrooms: 2, highlights: [] },
  });
  await waitForGeneration(project, description.id);
  const wording = "Sunny two-bedroom condo above the park, with a renovated kitchen and an east-facing lounge.";
  await project.api.generations.reviseDescription.mutate({
    workspaceId: project.workspace.id,
    generationId: description.id,
    text: wording,
  });
  const video = (await project.api.generations.list.query(where))
    .find((generation) => generation.kind === "video")!
    .outputs.find((output) => output.role === "video")!;
  await project.api.listings.setPicks.mutate({ ...where, picks: [{ outputId: staged.outputId }, { outputId: video.id }] });
  await project.api.listings.setDescription.mutate({ ...where, description: wording });
  const { fingerprint } = await project.api.listings.show.query(where);
  const link = { path: (await project.api.listings.publish.mutate({ ...where, reviewed: fingerprint, requestId: randomUUID() })).path! };

  // The full-size files the page must not download to show its images (only "Full size" opens them).
  const pathOf = (url: string | null) => new URL(url!).pathname;
  const stagedOutput = (await project.api.generations.list.query(where))
    .flatMap((generation) => generation.outputs)
    .find((output) => output.id === staged.outputId)!;
  const originals = [pathOf(stagedOutput.url), pathOf(stagedOutput.sourceUrl)];

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const requested: string[] = [];
  visitor.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await visitor.goto(link.path);
  await expect(visitor.getByRole("heading", { level: 1, name: /221 Long Meadow/ })).toBeVisible();
  await expect(visitor.getByText("Shah & Partners Realty").first()).toBeVisible();
  await expect(visitor.getByText("$615,000")).toBeVisible();
  await expect(visitor.getByText(/Condo · For sale · 2 bd · 2 ba/)).toBeVisible();
  await expect(visitor.getByText(wording)).toBeVisible();
  const agent = visitor.getByRole("complementary", { name: "Listing agent" });
  await expect(agent.getByText(person.name)).toBeVisible();
  await expect(agent.getByRole("link", { name: person.email })).toHaveAttribute("href", `mailto:${person.email}`);
  await expect(visitor.getByLabel("Listing video")).toHaveAttribute("poster", /.+/);
  // The staged image beside its original (the video is not an altered photo).
  await expect(visitor.getByText("Original photo (unaltered)")).toHaveCount(1);
  await expect(visitor.getByRole("img", { name: "Photo 1, unaltered original" })).toBeVisible();
  await expect(visitor.getByRole("img", { name: /^Photo 1, (style preview|virtually staged)$/ })).toBeVisible();
  // Both images load as their WebP copies; the full-size files are a link away.
  for (const image of [
    visitor.getByRole("img", { name: "Photo 1, unaltered original" }),
    visitor.getByRole("img", { name: /^Photo 1, (style preview|virtually staged)$/ }),
  ]) {
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(pathOf(await image.evaluate((img: HTMLImageElement) => img.currentSrc))).toMatch(/\.(thumb|display)\.webp$/);
  }
  await expect(visitor.getByLabel("Listing video")).toHaveAttribute("poster", /\.display\.webp/);
  const fullSize = visitor.getByRole("link", { name: /^Photo 1, .*full size$/ });
  await expect(fullSize).toHaveCount(2);
  expect((await Promise.all((await fullSize.all()).map(async (a) => pathOf(await a.getAttribute("href"))))).sort()).toEqual(
    [...originals].sort(),
  );
  expect(
    requested.filter((path) => originals.includes(path)),
    "an original was downloaded",
  ).toEqual([]);
  await fitsPhones(visitor, "share");
  await desktop(visitor);
  await expectAccessible(visitor, "share page (1280 px)");
  await snap(visitor, "desktop-share");

  await visitor.goto(link.path.replace(/[^/]+$/, "not-a-real-share-token"));
  await expect(visitor.getByRole("heading", { level: 1, name: "This page isn’t here" })).toBeVisible();
  await expect(visitor.getByText(/listing link you were sent may have been turned off/)).toBeVisible();
  await expectAccessible(visitor, "share page of a bad token");
  await visitorContext.close();
});
