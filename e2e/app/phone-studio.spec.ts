import { expect, test, type Cookie } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { snap, uniqueEmail } from "./helpers";
import { desktop, fitsPhones } from "./phone";
import { addProject, ownerOfWorkspace, projectWithPhotos, stagePhoto, studioApi, type StudioProject } from "./studio-api";

/**
 * Every signed-in studio page fits a phone (no horizontal scroll from 360 to 414 px) and
 * is axe-clean: the workspace pages, the invitation page, and the project page on each
 * workflow tab with a result on it. Data is set up through the studio's own procedures.
 */
test.describe("the workspace pages and the invitation fit a phone", () => {
  let owner: Awaited<ReturnType<typeof ownerOfWorkspace>>;
  let cookies: Cookie[];
  let invitationToken: string;

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    owner = await ownerOfWorkspace(
      page,
      { name: "Priya Shah", email: uniqueEmail("phone"), password: "phone-sized-2024" },
      "Shah & Partners Realty",
    );
    cookies = (await context.storageState()).cookies;
    invitationToken = (
      await owner.api.invitations.create.mutate({ workspaceId: owner.workspace.id, role: "agent", requestId: randomUUID() })
    ).token;
    await context.close();
  });

  test("workspaces, and projects before the first project", async ({ page }) => {
    await page.context().addCookies(cookies);
    await page.goto("/workspaces");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await fitsPhones(page, "workspaces");
    await page.goto(`/w/${owner.workspace.slug}/projects`);
    await expect(page.getByText("No projects yet")).toBeVisible();
    await fitsPhones(page, "projects-empty");
  });

  for (const [suffix, name] of [
    ["/projects", "projects"],
    ["/usage", "usage"],
    ["/settings", "settings"],
    ["/settings/members", "members"],
    ["/settings/audit", "audit-log"],
    ["/billing", "billing"],
    // The Developers pages are fitted to a phone with their data in developers.spec.ts.
  ] as const) {
    test(name, async ({ page }) => {
      await page.context().addCookies(cookies);
      if (name === "projects") {
        await addProject(
          page,
          { api: studioApi(page.request), workspace: owner.workspace },
          { address: "221 Long Meadow Boulevard, Apartment 14, Westbrook Heights", propertyType: "condo", price: 615000 },
          [{ name: "lounge-with-a-very-long-file-name-from-the-camera-IMG_20261123_101010.jpg", color: "#d6c7a1" }],
        );
      }
      await page.goto(`/w/${owner.workspace.slug}${suffix}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await fitsPhones(page, name);
    });
  }

  test("the invitation, as the invitee sees it", async ({ page }) => {
    await page.goto(`/invite/${invitationToken}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await fitsPhones(page, "invite");
  });
});

test.describe("the project page fits a phone on every workflow tab, with a result", () => {
  let project: StudioProject;
  let cookies: Cookie[];

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    project = await projectWithPhotos(await context.newPage(), {
      person: { name: "Priya Shah", email: uniqueEmail("phone-project"), password: "phone-sized-2024" },
      brokerage: "Shah & Partners Realty",
      project: {
        address: "221 Long Meadow Boulevard, Apartment 14, Westbrook Heights",
        propertyType: "condo",
        price: 615000,
        bedrooms: 2,
        bathrooms: 2,
      },
      photos: [
        { name: "lounge-with-a-very-long-file-name-from-the-camera-IMG_20261123_101010.jpg", color: "#d6c7a1" },
        { name: "lounge-east.jpg", color: "#cdbf9c" },
      ],
    });
    await stagePhoto(project, project.photos[0].id);
    cookies = (await context.storageState()).cookies;
    await context.close();
  });

  for (const tab of ["stage", "multiview", "edit", "video", "description"]) {
    test(`the ${tab} tab`, async ({ page }) => {
      await page.context().addCookies(cookies);
      await page.goto(`${project.projectPath}?tab=${tab}`);
      await expect(page.getByRole("region", { name: "Workflows" }).getByRole("tabpanel")).toBeVisible();
      await expect(page.getByRole("article", { name: "Staging" }).getByText("Done")).toBeVisible();
      await fitsPhones(page, `project-${tab}`);
      if (tab === "stage") {
        await desktop(page);
        await snap(page, "desktop-project");
      }
    });
  }
});
