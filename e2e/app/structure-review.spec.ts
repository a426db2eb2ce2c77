import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { appDatabase, workspaceCredits } from "./db";
import { expectAccessible, snap, uniqueEmail } from "./helpers";
import { desktop, fitsPhones } from "./phone";
import { addProject, ownerOfWorkspace, signUpThroughApi, uploadPhotos, waitForGeneration } from "./studio-api";

/**
 * A result the structure check asks a person about (D17). The local declutter of a real
 * bedroom photo (the development set's, Apache-2.0) smooths a wall light away: the check
 * cannot tell it from a picture taken down, so it delivers the result marked for review.
 * The agent sees "Check this" with the zone, and the change map opened on it; the listing
 * page cannot be published with it until someone says it looks right; "Redo" makes it
 * again once however often it is clicked, at no cost.
 */
test("a result the check asks about: badge and zone, Looks right before publishing, a free redo", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const sql = appDatabase();
  const owner = { name: "Ines Vale", email: uniqueEmail("review-owner"), password: "review-owner-2024" };
  const { api, workspace } = await ownerOfWorkspace(page, owner, "Vale Homes");
  const project = await addProject(page, { api, workspace }, { address: "4 Vale Road" }, [{ name: "hall.jpg", color: "#d6c7a1" }]);
  const where = { workspaceId: workspace.id, projectId: project.projectId };
  const [photo] = await uploadPhotos(page, api, where, [
    { name: "bedroom.jpg", bytes: await readFile("samples/structure-dev-set/clavern-bedroom.jpg") },
  ]);
  const { id } = await api.generations.stage.mutate({
    ...where,
    requestId: randomUUID(),
    photoId: photo.id,
    redesignType: "declutter",
    roomType: "bedroom",
    intensity: 0.6,
    fast: true,
  });
  await waitForGeneration(project, id);
  // Agents may publish in this workspace (Settings → Agents): what stops the agent below is the check.
  await api.workspaces.setAgentGrants.mutate({ workspaceId: workspace.id, grants: ["publish_listing"] });

  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  const agentApi = await signUpThroughApi(agentPage, {
    name: "Theo Agent",
    email: uniqueEmail("review-agent"),
    password: "review-agent-2024",
  });
  const invitation = await api.invitations.create.mutate({ workspaceId: workspace.id, role: "agent", requestId: randomUUID() });
  await agentApi.invitations.accept.mutate({ token: invitation.token });
  await desktop(agentPage);
  await agentPage.goto(project.projectPath);
  const run = agentPage.getByRole("list", { name: "Workflow runs" }).locator(":scope > li").first();
  const review = run.getByTestId("structure-review");

  await test.step("the result says Check this and names the zone; Show where opens the change map on it", async () => {
    await expect(review.getByText("Check this", { exact: true })).toBeVisible();
    await expect(review).toContainText("upper back wall");
    await review.getByRole("button", { name: "Show where" }).click();
    await expect(run.getByTestId("change-map")).toBeVisible();
    await expect(run.getByTestId("marked-zone").filter({ hasText: "upper back wall" })).toBeVisible();
    await expect(run.getByTestId("structure-verdict")).toContainText("Check this");
    await expectAccessible(agentPage, "a result the check asks about (1280 px)");
    await snap(agentPage, "structure-review-01-check-this-1280");
  });

  const panel = agentPage.getByTestId("listing-page-panel");
  await test.step("the agent puts it on the listing page and cannot publish it yet", async () => {
    await run.getByRole("button", { name: "Add to listing" }).click();
    await expect(panel.getByTestId("listing-pick")).toHaveCount(1);
    await expect(agentPage.getByRole("note").filter({ hasText: "asks someone to look at it first" })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Publish listing page" })).toBeDisabled();
  });

  await test.step("Redo makes it again once, at no cost, however often it is clicked", async () => {
    const before = await workspaceCredits(sql, workspace.slug);
    await review.getByRole("button", { name: "Redo (free)" }).click();
    const confirm = agentPage.getByRole("dialog", { name: "Make this result again?" }).getByRole("button", { name: "Redo at no cost" });
    await confirm.dblclick();
    await expect(agentPage.getByRole("dialog", { name: "Make this result again?" })).toHaveCount(0);
    await expect.poll(async () => (await api.generations.list.query(where)).length).toBe(2);
    const runs = await api.generations.list.query(where);
    await waitForGeneration(project, runs[0].id);
    expect(runs[0].params).toMatchObject({ reviewRedoOf: expect.any(String) });
    const after = await workspaceCredits(sql, workspace.slug);
    expect([after.units, after.charged]).toEqual([before.units, before.charged]);
  });

  await test.step("Looks right, and the listing page can be published; who said so is on the result and in the audit log", async () => {
    await agentPage.reload();
    const first = agentPage.getByRole("list", { name: "Workflow runs" }).locator(":scope > li").last();
    await first.getByTestId("structure-review").getByRole("button", { name: "Looks right" }).click();
    await expect(first.getByTestId("looked-right")).toHaveText(/^Looks right: checked by Theo Agent, /);
    await expect(panel.getByRole("button", { name: "Publish listing page" })).toBeEnabled();
    await panel.getByRole("button", { name: "Publish listing page" }).click();
    await agentPage.getByRole("dialog", { name: "Publish the listing page?" }).getByRole("button", { name: "Publish version 1" }).click();
    await expect(panel.getByText("Published", { exact: true })).toBeVisible();
    await snap(agentPage, "structure-review-02-looked-right-1280");
    await fitsPhones(agentPage, "structure-review");

    await desktop(page);
    await page.goto(`/w/${workspace.slug}/settings/audit`);
    await expect(page.getByText("Result marked as looking right after the structure check asked")).toBeVisible();
    await expect(page.getByText("Result made again at no cost after the structure check asked")).toBeVisible();
  });
  await agentContext.close();
  await sql.end();
});
