import { expect, test } from "@playwright/test";
import { expectAccessible, snap, uniqueEmail } from "./helpers";
import { desktop } from "./phone";
import { ownerOfWorkspace } from "./studio-api";

/**
 * Issue 42, point 9: /docs passes axe's colour contrast at desktop width, a long project
 * title wraps on a phone instead of being cut, and the Members page words the API keys
 * as the Developers section does.
 */
test("/docs passes colour contrast at desktop width", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expectAccessible(page, "/docs at 1280 px");
  await snap(page, "docs-1280");
});

test("a long project title wraps on a phone; the Members page speaks of API keys, plural", async ({ page }) => {
  test.setTimeout(120_000);
  const { api, workspace } = await ownerOfWorkspace(
    page,
    { name: "Tess Title", email: uniqueEmail("title"), password: "long-titles-2026" },
    "Title Realty",
  );
  const address = "1200 North Shoreline Boulevard, Apartment 34B, Mountain View";
  const project = await api.projects.create.mutate({
    workspaceId: workspace.id,
    fields: {
      address,
      propertyType: "condo",
      listingStatus: "active",
      listingType: "sale",
      price: 1_250_000,
      bedrooms: 2,
      bathrooms: 2,
      notes: "",
    },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/w/${workspace.slug}/projects/${project.id}`);
  const title = page.getByRole("heading", { level: 1, name: address });
  await expect(title).toBeVisible();
  expect(await title.evaluate((h1) => h1.scrollWidth <= h1.clientWidth), "the whole title is shown").toBe(true);
  await snap(page, "project-long-title-390");
  await desktop(page);
  await snap(page, "project-long-title-1280");

  await page.goto(`/w/${workspace.slug}/settings/members`);
  const roles = page.getByText(/^Agents work on projects and photos/);
  await expect(roles).toContainText("API keys");
  await expect(roles).not.toContainText("the API key.");
  await expectAccessible(page, "members");
  await snap(page, "members-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, "members-390");
});
