import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { appDatabase, workspaceCredits } from "./db";
import { choosePhotos, roomJpeg, signUp, uniqueEmail } from "./helpers";

/**
 * Every button that creates something or costs credits, double-clicked, while the
 * network also delivers each of those requests twice (as a retry would): one row and
 * one charge each. The second click is the browser's guard; the doubled request is the
 * server's (request ids and Idempotency-Key, D14).
 */
test.describe.configure({ timeout: 240_000 });

const CREATES = ["workspaces.create", "projects.create", "invitations.create", "listings.publish"];
const CHARGES = ["generations.stage", "generations.multiview", "generations.inpaintUpscale", "generations.video", "generations.describe"];

/** Sends each named tRPC mutation twice at once and answers the page with the first reply. */
async function deliverTwice(page: Page, procedures: string[]) {
  await page.route("**/api/trpc/**", async (route) => {
    const request = route.request();
    const called = decodeURIComponent(new URL(request.url()).pathname.split("/").at(-1) ?? "").split(",");
    if (request.method() !== "POST" || !called.some((name) => procedures.includes(name))) return route.fallback();
    const [first, second] = await Promise.all([route.fetch(), route.fetch()]);
    expect(second.status(), `the repeated ${called.join(",")} is answered like the first`).toBe(first.status());
    await route.fulfill({ response: first });
  });
}

async function newWorkspace(page: Page, name: string) {
  await page.goto("/sign-up");
  await signUp(page, { name: "Dora Double", email: uniqueEmail("double"), password: "listing-photos-2024" });
  await expect(page).toHaveURL(/\/workspaces/, { timeout: 45_000 });
  await page.getByLabel("Brokerage name").fill(name);
  await page.getByRole("button", { name: "Create workspace" }).dblclick();
  await expect(page).toHaveURL(/\/w\/[\w-]+\/projects$/);
  return new URL(page.url()).pathname.split("/")[2];
}

async function newProject(page: Page, address: string) {
  await page.getByRole("button", { name: "New project" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Address").fill(address);
  await dialog.getByLabel("Property type").selectOption("house");
  await dialog.getByRole("button", { name: "Create project" }).dblclick();
  await expect(page.getByRole("heading", { level: 1, name: address })).toBeVisible();
}

test("double clicks create one workspace, one project, one invitation and one published listing page", async ({ page }) => {
  await deliverTwice(page, CREATES);
  const slug = await newWorkspace(page, "Twice Realty");
  await page.goto("/workspaces");
  await expect(page.getByRole("link", { name: /Twice Realty/ })).toHaveCount(1);
  await page.getByRole("link", { name: /Twice Realty/ }).click();

  await newProject(page, "7 Double Lane");
  await page.getByRole("button", { name: "Publish listing page" }).click();
  await page.getByRole("dialog", { name: "Publish the listing page?" }).getByRole("button", { name: "Publish version 1" }).dblclick();
  await expect(page.getByLabel("Page link")).toHaveValue(/\/share\//);
  await expect(page.getByRole("button", { name: "Unpublish" })).toHaveCount(1);
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Projects" }).click();
  await expect(page.getByRole("link", { name: /7 Double Lane/ })).toHaveCount(1);

  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Members" }).click();
  const invitee = uniqueEmail("invitee");
  await page.getByLabel("Email (optional)").fill(invitee);
  await page.getByRole("button", { name: "Create invite link" }).dblclick();
  await expect(page.getByText(/Invitation emailed to/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Revoke" })).toHaveCount(1);

  const sql = appDatabase();
  try {
    const [rows] = await sql<{ workspaces: number; projects: number; links: number; versions: number; invitations: number }[]>`
      select (select count(*)::int from studio.workspaces where name = 'Twice Realty' and id = w.id) as workspaces,
        (select count(*)::int from studio.projects p where p.workspace_id = w.id) as projects,
        (select count(*)::int from studio.share_links s join studio.projects p on p.id = s.project_id where p.workspace_id = w.id) as links,
        (select count(*)::int from studio.listing_versions v where v.workspace_id = w.id) as versions,
        (select count(*)::int from studio.invitations i where i.workspace_id = w.id and i.email = ${invitee}) as invitations
      from studio.workspaces w where w.slug = ${slug}`;
    expect(rows).toEqual({ workspaces: 1, projects: 1, links: 1, versions: 1, invitations: 1 });
    const [mail] = await sql<{ count: number }[]>`select count(*)::int as count from studio.email_outbox where ${invitee} = any("to")`;
    expect(mail.count).toBe(1);
  } finally {
    await sql.end();
  }
});

test("double clicks start each workflow once and charge it once", async ({ page }) => {
  await deliverTwice(page, CHARGES);
  const slug = await newWorkspace(page, "Once Homes");
  await newProject(page, "9 Single Street");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-double-"));
  await choosePhotos(page, [
    await roomJpeg(dir, "living.jpg", "#d6c7a1", 320, 240),
    await roomJpeg(dir, "living-east.jpg", "#cdbf9c", 320, 240),
  ]);
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem")).toHaveCount(2);
  const workflows = page.getByRole("region", { name: "Workflows" });
  const results = (name: string) => page.getByRole("article", { name });

  await page.getByRole("button", { name: /^Stage photo/ }).dblclick();
  await expect(results("Staging")).toHaveCount(1);

  await workflows.getByRole("tab", { name: "Multi-view" }).click();
  await page.getByRole("group", { name: "Anchor view" }).getByRole("img", { name: "living.jpg" }).click();
  await page.getByRole("group", { name: "Other views of the same room" }).getByRole("img", { name: "living-east.jpg" }).click();
  await page.getByRole("button", { name: /^Render 2 views/ }).dblclick();
  await expect(results("Multi-view")).toHaveCount(1);

  await workflows.getByRole("tab", { name: "Edit & upscale" }).click();
  const canvas = page.getByLabel("Mask canvas: paint over the area to change");
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width * (0.3 + i * 0.03), box.y + box.height * 0.5);
  await page.mouse.up();
  await page.getByRole("button", { name: /^Inpaint and upscale/ }).dblclick();
  await expect(results("Edit & upscale")).toHaveCount(1);

  await workflows.getByRole("tab", { name: "Video" }).click();
  await page.getByLabel("Mode").selectOption("zoom_in");
  await page.getByRole("button", { name: /^Render video/ }).dblclick();
  await expect(results("Video")).toHaveCount(1);

  await workflows.getByRole("tab", { name: "Description" }).click();
  await page.getByRole("button", { name: /^Write description/ }).dblclick();
  await expect(results("Description")).toHaveCount(1);

  // Charges land as work proceeds (a multi-view sibling when it starts, the upscale after the inpaint): wait for the end.
  await expect(page.getByRole("article").getByText("Working", { exact: true })).toHaveCount(0, { timeout: 150_000 });
  for (const name of ["Staging", "Multi-view", "Edit & upscale", "Video", "Description"]) await expect(results(name)).toHaveCount(1);

  const sql = appDatabase();
  try {
    const kinds = await sql<{ kind: string; count: number }[]>`
      select g.kind, count(*)::int as count from studio.generations g join studio.workspaces w on w.id = g.workspace_id
      where w.slug = ${slug} group by g.kind order by g.kind`;
    expect(Object.fromEntries(kinds.map((row) => [row.kind, row.count]))).toEqual({
      description: 1,
      inpaint_upscale: 1,
      multiview: 1,
      staging: 1,
      video: 1,
    });
    // Multi-view 1 + 6, inpaint 1 + upscale 2, video 27, description 1; staging (legacy /job) costs no credits.
    // Quota units: 1 staging + 1 set + 2 chain steps + 1 video + 1 description.
    const credits = await workspaceCredits(sql, slug);
    expect(credits).toEqual({ granted: credits.balance + 38, balance: expect.any(Number), debits: 6, charged: 38, units: 6 });
  } finally {
    await sql.end();
  }
});
