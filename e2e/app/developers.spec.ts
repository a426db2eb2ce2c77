/**
 * The Developers section (issue 26, D16) in Chromium, as an integrator uses it:
 * - an owner creates a key, copies it, calls GET /me with it from outside the browser (as
 *   a terminal would), finds the call in the request log by its request id, rotates the
 *   key (both work during the overlap), revokes the old one (403 at once); a read-only
 *   key is refused on POST; nothing overflows at phone widths;
 *   every key change is in the workspace's audit log;
 * - an agent sees no Developers section, and the server refuses them;
 * - a webhook endpoint on a local receiver gets a test event and a real job.completed,
 *   both verified with the standardwebhooks library and with the contract's headers; a
 *   receiver answering 500 shows retries in the delivery log, then a manual redeliver works.
 */
import crypto from "node:crypto";
import http from "node:http";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { expectAccessible, snap, uniqueEmail } from "./helpers";
import { desktop, fitsPhones } from "./phone";
import { ownerOfWorkspace, roomBytes, signUpThroughApi } from "./studio-api";

const password = "quiet harbour lanterns";
const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? 3199);
const receiverUrl = (path: string) => `http://127.0.0.1:${FIXTURE_PORT}${path}`;

test.describe.configure({ timeout: 300_000 });

async function me(request: APIRequestContext, apiKey: string) {
  const response = await request.get("/api/v1/me", { headers: { "x-api-key": apiKey } });
  return { status: response.status(), requestId: response.headers()["x-request-id"] };
}

/** Creates a key through the dialog and returns it as the clipboard received it from the Copy button. */
async function createKey(page: Page, name: string, access: "Full access" | "Read only"): Promise<string> {
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Access").selectOption({ label: access });
  await dialog.getByRole("button", { name: "Create key" }).click();
  return copyRevealedSecret(page, "Your new API key");
}

async function copyRevealedSecret(page: Page, title: string): Promise<string> {
  const shown = page.getByRole("dialog", { name: title });
  const secret = (await shown.getByTestId("revealed-secret").textContent())!.trim();
  await shown.getByRole("button", { name: "Copy" }).click();
  await expect(shown.getByText("Copied")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(secret);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();
  return copied;
}

test("an owner makes, uses, rotates and revokes keys, and finds each call in the request log", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const { workspace } = await ownerOfWorkspace(
    page,
    { name: "Dana Developer", email: uniqueEmail("dev-owner"), password },
    "Keyhole Realty",
  );
  await page.goto(`/w/${workspace.slug}/projects`);
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Developers" }).click();
  await expect(page.getByRole("heading", { name: "Developers", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Quickstart" }).first()).toHaveAttribute("href", "/docs#quickstart");

  // The studio's own key: listed, never revealed, never revocable here.
  const internal = page.getByTestId("api-key").filter({ hasText: "Atrium studio (internal)" });
  await expect(internal.getByText("Internal", { exact: true })).toBeVisible();
  await expect(internal.getByRole("button")).toHaveCount(0);

  const apiKey = await createKey(page, "Listings website", "Full access");
  expect(apiKey).toMatch(/^idk_[0-9A-Za-z]{40}$/);
  await expect(page.getByTestId("api-key").filter({ hasText: "Listings website" })).toContainText(apiKey.slice(0, 12));
  await expect(page.getByText(apiKey)).toHaveCount(0);

  // A terminal calls the API with the copied key.
  const first = await me(page.request, apiKey);
  expect(first.status).toBe(200);
  expect(first.requestId).toMatch(/^req_[0-9a-f]{32}$/);

  await page.getByRole("link", { name: "Request log" }).click();
  const logged = page.getByTestId("request-row").filter({ hasText: first.requestId });
  await expect(logged).toBeVisible({ timeout: 20_000 });
  await expect(logged).toContainText("GET /me");
  await expect(logged).toContainText("200");
  await expect(logged).toContainText("Listings website");
  await expectAccessible(page, "request log");
  await fitsPhones(page, "developers-request-log");
  await desktop(page);

  // Rotate: the new key works, and so does the old one during the overlap.
  await page.getByRole("link", { name: "API keys" }).click();
  await page.getByRole("button", { name: "Rotate Listings website" }).click();
  const rotate = page.getByRole("dialog", { name: "Rotate Listings website" });
  await expect(rotate.getByLabel("The old key keeps working for")).toHaveValue("24");
  await rotate.getByRole("button", { name: "Rotate key" }).click();
  const rotated = await copyRevealedSecret(page, "Your new API key");
  expect(rotated).not.toBe(apiKey);
  expect((await me(page.request, rotated)).status).toBe(200);
  expect((await me(page.request, apiKey)).status).toBe(200);

  // Revoke the old one: refused at once.
  const old = page.getByTestId("api-key").filter({ hasText: "Listings website" }).filter({ hasText: "Expires" });
  await old.getByRole("button", { name: "Revoke Listings website" }).click();
  await page.getByRole("dialog", { name: "Revoke Listings website?" }).getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText("Listings website was revoked")).toBeVisible();
  expect((await me(page.request, apiKey)).status).toBe(403);
  expect((await me(page.request, rotated)).status).toBe(200);
  await expect(page.getByTestId("api-key").filter({ hasText: "Listings website" })).toHaveCount(1);

  // A read-only key reads, and is refused anything else.
  const reader = await createKey(page, "Reporting dashboard", "Read only");
  expect((await me(page.request, reader)).status).toBe(200);
  const post = await page.request.post("/api/v1/upscale", {
    headers: { "x-api-key": reader },
    data: { image_url: "https://example.com/a.jpg" },
  });
  expect(post.status()).toBe(403);
  expect((await post.json()).error.code).toBe("insufficient_scope");

  await expectAccessible(page, "api keys");
  await snap(page, "developers-keys");
  await fitsPhones(page, "developers-keys");

  // Every change is in the workspace's audit log, with who made it.
  await desktop(page);
  await page.goto(`/w/${workspace.slug}/settings/audit`);
  const events = page.getByTestId("audit-event");
  for (const [action, count] of [
    ["api_key_created", 2],
    ["api_key_rotated", 1],
    ["api_key_revoked", 1],
  ] as const) {
    await expect(events.and(page.locator(`[data-action="${action}"]`)), action).toHaveCount(count);
  }
  const revokedEvent = events.and(page.locator('[data-action="api_key_revoked"]'));
  await expect(revokedEvent).toContainText(`API key revoked: Listings website (${apiKey.slice(0, 12)}`);
  await expect(revokedEvent).toContainText("by Dana Developer");
  await expect(page.getByText(apiKey)).toHaveCount(0);
});

test("the request log opens on the workspace's own calls, the studio's a filter away; no empty state above the listed internal key", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const { workspace } = await ownerOfWorkspace(page, { name: "Omar Own", email: uniqueEmail("dev-own"), password }, "Own Calls Realty");
  // The studio's pages call the service with the studio's own key (GET /me for the balance).
  await page.goto(`/w/${workspace.slug}/projects`);
  await page.goto(`/w/${workspace.slug}/developers`);
  await expect(page.getByTestId("api-key").filter({ hasText: "Atrium studio (internal)" })).toBeVisible();
  await expect(page.getByText("No API keys yet")).toHaveCount(0);
  await expect(page.getByText("No keys of your own yet")).toBeVisible();
  await snap(page, "developers-keys-none-of-your-own-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, "developers-keys-none-of-your-own-390");
  await desktop(page);

  const apiKey = await createKey(page, "CRM sync", "Full access");
  const call = await me(page.request, apiKey);
  await page.getByRole("link", { name: "Request log" }).click();
  const rows = page.getByTestId("request-row");
  await expect(rows.filter({ hasText: call.requestId })).toBeVisible({ timeout: 20_000 });
  await expect(rows.filter({ hasText: "Atrium studio (internal)" })).toHaveCount(0);
  const studioCalls = page.getByLabel("Show the studio's own calls");
  await expect(studioCalls).not.toBeChecked();
  await studioCalls.check();
  await expect(page).toHaveURL(/[?&]studio=shown/);
  await expect(rows.filter({ hasText: "Atrium studio (internal)" }).first()).toBeVisible({ timeout: 20_000 });
  await expect(rows.filter({ hasText: call.requestId })).toBeVisible();
  await expectAccessible(page, "request log with the studio's calls");
  await snap(page, "developers-request-log-studio-calls-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, "developers-request-log-studio-calls-390");
  await desktop(page);
  await studioCalls.uncheck();
  await expect(rows.filter({ hasText: "Atrium studio (internal)" })).toHaveCount(0);
});

test("an agent sees no Developers section, and the server refuses them", async ({ page, browser }) => {
  const { api, workspace } = await ownerOfWorkspace(
    page,
    { name: "Olga Owner", email: uniqueEmail("dev-owner2"), password },
    "Agents Realty",
  );
  const invitation = await api.invitations.create.mutate({ workspaceId: workspace.id, role: "agent" });

  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  const agentApi = await signUpThroughApi(agentPage, { name: "Avery Agent", email: uniqueEmail("dev-agent"), password });
  await agentApi.invitations.accept.mutate({ token: invitation.token });
  await agentPage.goto(`/w/${workspace.slug}/projects`);
  await expect(agentPage.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Projects" })).toBeVisible();
  await expect(agentPage.getByRole("link", { name: "Developers" })).toHaveCount(0);
  for (const path of ["developers", "developers/requests", "developers/webhooks"]) {
    const response = await agentPage.goto(`/w/${workspace.slug}/${path}`);
    expect(response?.status(), path).toBe(404);
  }
  await expect(agentApi.developers.keys.query({ workspaceId: workspace.id })).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
  await agentContext.close();
});

test.describe("webhooks", () => {
  interface Received {
    path: string;
    headers: Record<string, string>;
    body: string;
  }
  const received: Received[] = [];
  const failing = new Set<string>();
  let receiver: http.Server;
  let photo: Buffer;

  test.beforeAll(async () => {
    photo = await roomBytes("#d6c7b0");
    receiver = http.createServer((req, res) => {
      if (req.method === "GET") return void res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const path = req.url ?? "/";
        received.push({ path, headers: req.headers as Record<string, string>, body });
        if (failing.has(path)) res.writeHead(500, { "content-type": "text/plain" }).end("receiver is down for maintenance");
        else res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(FIXTURE_PORT, "127.0.0.1", resolve));
  });
  test.afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  /** What a receiver does with a delivery: both signatures checked, the event returned. */
  function verified(delivery: Received, secret: string) {
    const event = new Webhook(secret).verify(delivery.body, delivery.headers) as {
      id: string;
      type: string;
      data: Record<string, unknown>;
    };
    const timestamp = delivery.headers["x-service-timestamp"];
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(300);
    const expected = `sha256=${crypto.createHmac("sha256", secret).update(`${timestamp}.${delivery.body}`).digest("hex")}`;
    expect(delivery.headers["x-service-signature"]).toBe(expected);
    expect(delivery.headers["webhook-id"]).toBe(event.id);
    return event;
  }

  async function addEndpoint(page: Page, path: string): Promise<string> {
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a webhook endpoint" });
    await dialog.getByLabel("Endpoint URL").fill(receiverUrl(path));
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    const secret = await copyRevealedSecret(page, "The endpoint's signing secret");
    expect(secret).toMatch(/^whsec_/);
    return secret;
  }

  test("a local receiver gets a verified test event and job.completed; a failing one is retried, then redelivered by hand", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const { workspace } = await ownerOfWorkspace(page, { name: "Wes Webhook", email: uniqueEmail("dev-hooks"), password }, "Hooked Realty");
    await page.goto(`/w/${workspace.slug}/developers/webhooks`);
    await expect(page.getByText("No endpoints yet")).toBeVisible();

    const secret = await addEndpoint(page, "/crm");
    await page.getByRole("link", { name: `Deliveries and settings of ${receiverUrl("/crm")}` }).click();
    await expect(page.getByText("Nothing sent yet")).toBeVisible();
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => received.filter((r) => r.path === "/crm").length).toBe(1);
    const testEvent = verified(
      received.find((r) => r.path === "/crm")!,
      secret,
    );
    expect(testEvent.type).toBe("webhook.test");
    await expect(page.getByTestId("delivery").filter({ hasText: testEvent.id }).getByText("Delivered", { exact: true })).toBeVisible();

    // A real job: a key from the Developers section, a photo from the receiver's host.
    await page.getByRole("link", { name: "API keys" }).click();
    const apiKey = await createKey(page, "CRM sync", "Full access");
    const created = await page.request.post("/api/v1/job", {
      headers: { "x-api-key": apiKey },
      data: { source_url: receiverUrl("/room.jpg"), room_type: "living room", redesign_type: "virtual staging", style: "modern" },
    });
    expect(created.status()).toBe(200);
    const { jobId } = await created.json();
    await expect.poll(() => received.filter((r) => r.path === "/crm").length, { timeout: 120_000 }).toBe(2);
    const completed = verified(received.filter((r) => r.path === "/crm")[1], secret);
    expect(completed).toMatchObject({ type: "job.completed", data: { job_id: jobId, kind: "job", status: "completed" } });
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.getByRole("link", { name: `Deliveries and settings of ${receiverUrl("/crm")}` }).click();
    await expect(page.getByTestId("delivery").filter({ hasText: completed.id }).getByText("Delivered", { exact: true })).toBeVisible();

    // A receiver that answers 500: the log shows the retry, then a manual redeliver goes through.
    await page.getByRole("link", { name: "← All endpoints" }).click();
    failing.add("/down");
    const downSecret = await addEndpoint(page, "/down");
    await expectAccessible(page, "webhook endpoints");
    await fitsPhones(page, "developers-webhooks");
    await desktop(page);
    await page.getByRole("link", { name: `Deliveries and settings of ${receiverUrl("/down")}` }).click();
    await page.getByRole("button", { name: "Send test event" }).click();
    const delivery = page.getByTestId("delivery").first();
    // The first attempt at once, the scheduled retry 5 s later.
    await expect(delivery).toContainText("2 attempts, last answered 500", { timeout: 30_000 });
    await expect(delivery.getByText("Retrying", { exact: true })).toBeVisible();
    await expect(delivery).toContainText("next retry");
    await delivery.getByText("Attempts", { exact: true }).click();
    await expect(delivery.getByTestId("attempt")).toHaveCount(2);
    await expect(delivery.getByTestId("attempt").first()).toContainText("receiver is down for maintenance");
    await expectAccessible(page, "delivery log");
    await fitsPhones(page, "developers-delivery-log");
    await desktop(page);

    failing.delete("/down");
    await delivery.getByRole("button", { name: "Redeliver" }).click();
    await expect(delivery.getByText("Delivered", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(delivery).toContainText("3 attempts, last answered 204");
    await expect(delivery.getByText("Redelivered by hand")).toBeVisible();
    const down = received.filter((r) => r.path === "/down");
    expect(down).toHaveLength(3);
    expect(new Set(down.map((r) => r.headers["webhook-id"])).size).toBe(1);
    for (const attempt of down) verified(attempt, downSecret);
    await snap(page, "developers-delivery-log");
  });
});
