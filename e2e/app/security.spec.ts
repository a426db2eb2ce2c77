/**
 * Attacks on the studio in a real Chromium (SECURITY.md): an open redirect after sign-in,
 * password guessing, a session cookie reused after sign-out; malformed queries on the
 * auth routes, oversized bodies on the Stripe webhook and an unconfirmed account joining a
 * workspace (round 4).
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { answerBeforeBody, answerWhileStreaming } from "../../test/partial-body";
import { followMailedLink, signUp, snap, submitSignUp, uniqueEmail } from "./helpers";
import { addProject, ownerOfWorkspace, stagePhoto } from "./studio-api";

const password = "quiet harbour lanterns";

// Each test signs in several times (argon2 on a shared 2-core machine).
test.describe.configure({ timeout: 300_000 });

async function newAccount(page: Page, label: string) {
  const person = { name: `${label} Tester`, email: uniqueEmail(label), password };
  await page.goto("/sign-up");
  await signUp(page, person);
  await expect(page).toHaveURL(/\/workspaces$/);
  return person;
}

async function signIn(page: Page, email: string, secret: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(secret);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

test("sign-in never sends people to another site, whatever callbackUrl says", async ({ page, baseURL }) => {
  const person = await newAccount(page, "redirect");
  await signOut(page);
  for (const callbackUrl of ["/%09/evil.example", "/%0a/evil.example", "//evil.example", "/%5Cevil.example", "https://evil.example/"]) {
    await page.goto(`/sign-in?callbackUrl=${callbackUrl}`);
    await signIn(page, person.email, password);
    await expect(page).toHaveURL(/\/workspaces$/);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await signOut(page);
  }
  // A same-site path is still followed.
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent("/workspaces?from=link")}`);
  await signIn(page, person.email, password);
  await expect(page).toHaveURL(/\/workspaces\?from=link$/);
});

test("password guessing is paused with a clear message, even for the right password", async ({ page }) => {
  const person = await newAccount(page, "guess");
  await signOut(page);
  for (let i = 0; i < 10; i++) {
    await signIn(page, person.email, `wrong guess ${i}`);
    await expect(page.getByText("That email and password do not match an account.")).toBeVisible();
  }
  await signIn(page, person.email, password);
  await expect(page.getByText(/Too many sign-in attempts\. .*paused for 15 minutes/)).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test("a signed-out session is dead, and signing out everywhere ends every device", async ({ page, browser }) => {
  const person = await newAccount(page, "session");
  const stolen = await page.context().cookies();
  await signOut(page);

  // The cookie from before sign-out, replayed in a fresh browser, signs nobody in.
  const replay = await browser.newContext();
  await replay.addCookies(stolen);
  const replayPage = await replay.newPage();
  await replayPage.goto("/workspaces");
  await expect(replayPage).toHaveURL(/\/sign-in/);
  expect(await (await replayPage.request.get("/api/auth/session")).json()).not.toHaveProperty("user");

  // Two devices; "sign out on all devices" on one ends the other too.
  await page.goto("/sign-in");
  await signIn(page, person.email, password);
  await expect(page).toHaveURL(/\/workspaces$/);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/sign-in");
  await signIn(otherPage, person.email, password);
  await expect(otherPage).toHaveURL(/\/workspaces$/);
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("button", { name: "Sign out on all devices" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/sign-in/);
  await Promise.all([replay.close(), other.close()]);
});

test("a page on another port of this host cannot post to the studio's API: its sign-out-everywhere form is refused and the session lives (L3)", async ({
  page,
  baseURL,
}) => {
  const person = await newAccount(page, "same-site");
  const target = new URL("/api/trpc/auth.signOutEverywhere", baseURL).href;
  // Same site as the app (same host, another port), so the browser sends the session cookie.
  const attackerPage = `http://localhost:${Number(new URL(baseURL!).port) + 7}/prize`;
  await page.route(attackerPage, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<form method="post" enctype="multipart/form-data" action="${target}"><input name="0" value="{}"></form><script>document.forms[0].submit()</script>`,
    }),
  );
  const answer = page.waitForResponse(target);
  await page.goto(attackerPage);
  expect((await answer).status()).toBe(415);
  await page.goto("/workspaces");
  await expect(page).toHaveURL(/\/workspaces$/);
  await expect(page.getByRole("button", { name: new RegExp(`Account menu for ${person.name}`) })).toBeVisible();
});

test("every page and route carries the security headers, and pages run under a nonce CSP without violations", async ({ page, request }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(message.text())) violations.push(message.text());
  });
  const nonces = new Set<string>();
  const expectHeaders = (url: string, headers: Record<string, string>, kind: "page" | "other") => {
    expect(headers["x-content-type-options"], url).toBe("nosniff");
    expect(headers["referrer-policy"], url).toBe("no-referrer");
    expect(headers["x-frame-options"], url).toBe("DENY");
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, url).toContain("frame-ancestors 'none'");
    if (kind === "page") {
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, url).toBeTruthy();
      expect(nonces.has(nonce!), `${url}: nonce reused`).toBe(false);
      nonces.add(nonce!);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    } else {
      expect(csp, url).toContain("default-src 'none'");
    }
  };

  // Set up through the studio's own procedures, so no step before the checks needs the page's scripts.
  const person = { name: "Headers Tester", email: uniqueEmail("headers"), password };
  const { api, workspace } = await ownerOfWorkspace(page, person, "Header Homes");
  const base = `/w/${workspace.slug}`;
  // One staged photo, so the usage page draws its chart (a workspace without usage shows none).
  const project = await addProject(page, { api, workspace }, { address: "4 Header Row" }, [{ name: "room.jpg", color: "#d9d4c7" }]);
  await stagePhoto(project, project.photos[0].id);

  // Signed in, /sign-in and /sign-up send the person on to the studio.
  const pages = [
    { path: "/", studio: false },
    { path: "/sign-in", studio: true },
    { path: "/sign-up", studio: true },
    { path: "/docs", studio: false },
    { path: "/workspaces", studio: true },
    { path: `${base}/projects`, studio: true },
    { path: `${base}/usage`, studio: true },
    { path: `${base}/settings`, studio: true },
    { path: `${base}/settings/members`, studio: true },
    { path: "/no-such-page", studio: false },
  ];
  for (const { path, studio } of pages) {
    const response = await page.goto(path);
    expectHeaders(path, response!.headers(), "page");
    // Hydrated: Next's router mounts its route announcer from an effect, which runs only once
    // the page's scripts (each needing the nonce) have loaded and React has hydrated.
    await expect(page.locator("next-route-announcer"), path).toBeAttached();
    if (studio) {
      // And client code answers: the account menu opens on a click (React state) and closes on Escape.
      const menu = page.getByRole("button", { name: `Account menu for ${person.name}` });
      await menu.click();
      await expect(page.getByRole("button", { name: "Sign out", exact: true }), path).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("button", { name: "Sign out", exact: true }), path).toBeHidden();
    }
  }
  // The usage chart is drawn in the browser only (recharts, loaded after first paint): its bars prove the client ran.
  await page.goto(`${base}/usage`);
  const chart = page.getByTestId("usage-chart");
  await expect(chart.locator("svg.recharts-surface")).toBeVisible();
  await expect(chart.locator(".recharts-bar-rectangle path").first()).toBeVisible();
  for (const path of [
    "/api/v1/me",
    "/api/openapi.json",
    "/api/trpc/workspaces.list",
    "/api/auth/session",
    "/api/inngest",
    "/files/nothing-here",
    "/api/v1/jobs/%",
  ]) {
    const response = await request.get(path);
    expectHeaders(path, response.headers(), "other");
  }
  const asset = await page.evaluate(() => (document.querySelector("script[src]") as HTMLScriptElement | null)?.src ?? null);
  expect(asset, "the page loads a script file").toMatch(/\/_next\/static\/.+\.js$/);
  const script = await request.get(asset!);
  expect(script.status()).toBe(200);
  expect(script.headers()["content-type"]).toMatch(/javascript/);
  expect(script.headers()["x-content-type-options"]).toBe("nosniff");
  expect(violations).toEqual([]);
});

/** One request with exactly this path and query on the wire (no client re-encodes it), answered with its status. */
function rawStatus(base: string, method: "GET" | "POST", pathAndQuery: string, form?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const request = http.request({
      host: url.hostname,
      port: url.port,
      method,
      path: pathAndQuery,
      headers: form === undefined ? {} : { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(form) },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end(form);
  });
}

test("no malformed query on the auth routes answers 500 (I2)", async ({ baseURL }) => {
  // next-auth's routes, each query parameter it reads, and values a browser or a crafted link can send.
  const routes = [
    "signin",
    "signin/credentials",
    "signin/google",
    "callback/credentials",
    "callback/google",
    "signout",
    "session",
    "csrf",
    "providers",
    "error",
    "verify-request",
    "_log",
  ];
  const names = ["callbackUrl", "error", "email", "csrfToken", "token"];
  const values = [
    "//%",
    "%",
    "%zz",
    "/%",
    "//%zz",
    "%E0%A4%A",
    "%F0%9F%98",
    "%C0%AF",
    "%00",
    "/%00",
    "%0d%0aSet-Cookie:%20x=1",
    "%5C%5Cevil.example",
    "//evil.example",
    "http://%",
    "https://[::1",
    "javascript:alert(1)",
    "http:",
    "//",
    "///",
    "%2F%2F%25",
    "a".repeat(4000),
  ];
  const refused: string[] = [];
  for (const route of routes) {
    for (const name of names) {
      for (const value of values) {
        for (const query of [`${name}=${value}`, `${name}=${value}&${name}=/again`, `${name}[]=${value}`]) {
          const path = `/api/auth/${route}?${query}`;
          for (const method of ["GET", "POST"] as const) {
            const status = await rawStatus(baseURL!, method, path, method === "POST" ? query : undefined);
            if (status >= 500) refused.push(`${method} ${path.slice(0, 120)} → ${status}`);
          }
        }
      }
    }
  }
  expect(refused).toEqual([]);
});

test("the Stripe webhook refuses a body over 1 MB before reading it, from Content-Length or while it streams (N5)", async ({ baseURL }) => {
  const url = `${baseURL}/api/stripe/webhook`;
  const headers = { "content-type": "application/json", "stripe-signature": "t=1,v1=00" };
  // 40 MB announced, 64 KB sent: the answer comes while the rest is unsent.
  expect((await answerBeforeBody(url, headers, 40_000_000, "POST"))?.status).toBe(413);
  // No Content-Length: the route counts while reading and stops past 1 MB.
  const streamed = await answerWhileStreaming(url, headers, 40_000_000);
  expect(streamed?.status).toBe(413);
  expect(streamed!.sentBytes, "bytes sent before the refusal").toBeLessThan(8_000_000);
  // A body within the bound is read and judged by its signature, as before.
  const small = await rawStatus(baseURL!, "POST", "/api/stripe/webhook", "{}");
  expect(small).toBe(400);
});

test("an invitation waits for a confirmed address: the page asks to confirm first, and the mailed link leads back to join (N3)", async ({
  page,
  browser,
  baseURL,
}) => {
  const { api, workspace } = await ownerOfWorkspace(
    page,
    { name: "Iris Inviter", email: uniqueEmail("iris"), password },
    "Confirm First Realty",
  );
  const { token } = await api.invitations.create.mutate({ workspaceId: workspace.id, role: "admin", requestId: randomUUID() });
  const context = await browser.newContext({ baseURL });
  const invitee = await context.newPage();
  const person = { name: "Una Unconfirmed", email: uniqueEmail("una"), password };
  await invitee.goto(`/invite/${token}`);
  await invitee.getByRole("link", { name: "Create an account to join" }).click();
  await submitSignUp(invitee, person);
  // Signed in without following the confirmation link.
  await invitee.goto(`/sign-in?callbackUrl=${encodeURIComponent(`/invite/${token}`)}`);
  await signIn(invitee, person.email, password);
  await expect(invitee).toHaveURL(/\/invite\//);
  await expect(invitee.getByRole("alert").filter({ hasText: "before joining" })).toContainText(`Confirm ${person.email} before joining`);
  await expect(invitee.getByRole("button", { name: /^Join/ })).toHaveCount(0);
  await snap(invitee, "invite-confirm-first-1280");
  await invitee.setViewportSize({ width: 390, height: 844 });
  await snap(invitee, "invite-confirm-first-390");
  await invitee.getByRole("button", { name: "Send the link again" }).click();
  await expect(invitee.getByText(`A new confirmation link is on its way to ${person.email}`)).toBeVisible();

  await followMailedLink(invitee, person.email, /Confirm your email/);
  await expect(invitee.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
  await invitee.getByRole("link", { name: "Continue" }).click();
  await invitee.getByRole("button", { name: "Join Confirm First Realty" }).click();
  await expect(invitee).toHaveURL(/\/projects$/);
  const members = await api.members.list.query({ workspaceId: workspace.id });
  expect(members.find((member) => member.email === person.email)?.role).toBe("admin");
  await context.close();
});
