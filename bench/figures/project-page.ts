/**
 * Figure 8: the studio's project page with 80 photos, in Chromium (issue 15, fast pages).
 * A listing of 80 camera-sized photos (4000×3000 JPEG) is uploaded through the studio's
 * own procedures (confirmUpload makes the WebP copies, as for a user); then a signed-in
 * Chromium at 1280×800 opens the project page with an empty cache, and "visible content"
 * is the time from navigation until every photo tile in the first screen has painted its
 * image (requestAnimationFrame after the last one decoded). Baseline: the same page with
 * the WebP copies refused by the browser, so every tile falls back to the original, as
 * the page was before the copies. Runs alternate baseline and Atrium.
 *
 * Second row: click on "Stage photo" → the working card painted, against click → the
 * real card (the server's answer, the only feedback before).
 *
 * Last row (issue 42): creating a project through the New project dialog → the new
 * project's page with its title painted, in the same signed-in Chromium.
 */
import { chromium, type Browser, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import { getBlobStore } from "@/server/storage";
import { callerFor } from "@/test/callers";
import { createStudioContext } from "@/server/studio/context";
import { signUp } from "@/server/studio/users/sign-up";
import type { Figure } from "../lib/report";
import { median, ms, pairedRatio, seconds, times } from "../lib/stats";
import { photoFile, type BenchContext } from "./context";

const PHOTOS = 80;
const RUNS = 3;
const TARGET_MS = 2000;
const CARD_TARGET_MS = 100;
/** Issue 42: creating a project took 7.2 s behind a skeleton. */
const CREATE_TARGET_MS = 1000;
const VIEWPORT = { width: 1280, height: 800 };
// The flags of playwright.config.ts.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

interface PageLoad {
  visibleMs: number;
  lcpMs: number;
  images: number;
}

async function listingOf80(ctx: BenchContext) {
  const password = "bench project page 2026";
  const studio = await createStudioContext();
  const user = (await signUp(studio, { name: "Bench Agent", email: `bench-${Date.now()}@example.test`, password }))!;
  // Confirmed, as a real agent is before the workspace's starter credits pay for staging.
  await studio.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  const api = await callerFor(user);
  const workspace = await api.workspaces.create({ name: "Bench Realty" });
  const fields = {
    address: "80 Gallery Row",
    propertyType: "house",
    listingStatus: "active",
    listingType: "sale",
    price: null,
    bedrooms: null,
    bathrooms: null,
    notes: "",
  } as const;
  const { id: projectId } = await api.projects.create({ workspaceId: workspace.id, fields });
  const bytes = ctx.photos[photoFile("large")];
  const files = Array.from({ length: PHOTOS }, (_, i) => ({
    fileName: `room-${String(i + 1).padStart(2, "0")}.jpg`,
    contentType: "image/jpeg" as const,
    bytes: bytes.length,
  }));
  // prepareUploads takes at most 50 files a call, like the uploader's batches.
  const targets = [
    ...(await api.photos.prepareUploads({ workspaceId: workspace.id, projectId, files: files.slice(0, 40) })),
    ...(await api.photos.prepareUploads({ workspaceId: workspace.id, projectId, files: files.slice(40) })),
  ];
  // Two at a time: the copies are made in confirmUpload, and the machine has two cores.
  const queue = [...targets];
  const worker = async () => {
    for (let target = queue.shift(); target; target = queue.shift()) {
      await getBlobStore().put(target.key, bytes, "image/jpeg");
      await api.photos.confirmUpload({ workspaceId: workspace.id, projectId, key: target.key, fileName: target.fileName });
    }
  };
  await Promise.all([worker(), worker()]);
  return { email: user.email, password, path: `/w/${workspace.slug}/projects/${projectId}` };
}

async function signedInState(browser: Browser, appUrl: string, person: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: appUrl });
  const { csrfToken } = (await (await context.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const response = await context.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: person.email, password: person.password, callbackUrl: "/workspaces", json: "true" },
  });
  if (!response.ok()) throw new Error(`sign-in failed: HTTP ${response.status()}`);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * In the page: resolves once every photo tile in the first screen shows its image, with
 * the time since navigation. A string, not a function: tsx would wrap a function's
 * inner names in a helper the page does not have.
 */
const firstScreenPainted = (expected: number) => `new Promise((resolve) => {
  const check = () => {
    const tiles = [...document.querySelectorAll('ul[aria-label="Photos"] img')];
    const inView = tiles.filter((img) => { const box = img.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight; });
    if (tiles.length === ${expected} && inView.length > 0 && inView.every((img) => img.complete && img.naturalWidth > 0)) requestAnimationFrame(() => resolve(performance.now()));
    else requestAnimationFrame(check);
  };
  check();
})`;

async function loadOnce(
  browser: Browser,
  appUrl: string,
  state: Awaited<ReturnType<typeof signedInState>>,
  path: string,
  originals: boolean,
): Promise<PageLoad> {
  const context = await browser.newContext({ baseURL: appUrl, viewport: VIEWPORT, storageState: state });
  try {
    if (originals) await context.route(/\.(thumb|display)\.webp(\?|$)/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(path, { waitUntil: "commit" });
    const visibleMs = (await page.evaluate(firstScreenPainted(PHOTOS))) as number;
    const { lcpMs, images } = await page.evaluate(async () => {
      const lcp = await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({
          type: "largest-contentful-paint",
          buffered: true,
        });
      });
      const loaded = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
        (entry) => entry.initiatorType === "img" && entry.responseEnd > 0,
      );
      return { lcpMs: lcp, images: loaded.length };
    });
    return { visibleMs, lcpMs, images };
  } finally {
    await context.close();
  }
}

/** In the page (a string for the reason above): resolves once React has hydrated the Stage photo button. */
const untilHydrated = `new Promise((resolve) => {
  const check = () => {
    const button = [...document.querySelectorAll("button")].find((b) => /^Stage photo/.test(b.textContent.trim()));
    if (button && Object.keys(button).some((key) => key.startsWith("__reactProps"))) resolve(true);
    else requestAnimationFrame(check);
  };
  check();
})`;

/**
 * Click on Stage photo → the working card painted, and → the real card (the server's
 * answer). The click waits until React has hydrated the button (its props are attached
 * to the element): before that a click is only replayed after hydration, which is the
 * page's time to interactive, reported on its own row, not the card's.
 */
async function clickToCards(page: Page): Promise<{ workingMs: number; answeredMs: number; interactiveMs: number }> {
  const button = page.getByRole("button", { name: /^Stage photo/ });
  await button.waitFor();
  await page.evaluate(untilHydrated);
  // performance.now() counts from the navigation that loaded the page.
  const interactiveMs = await page.evaluate(() => performance.now());
  await page.evaluate(() => {
    const marks = ((window as unknown as { __marks: Record<string, number> }).__marks = {} as Record<string, number>);
    const before = document.querySelectorAll('article[aria-labelledby^="generation-"]').length;
    document.addEventListener("click", () => (marks.click ??= performance.now()), { capture: true, once: true });
    new MutationObserver((_, observer) => {
      if (marks.working === undefined && document.querySelector('article[aria-label="Staging, starting"]'))
        requestAnimationFrame(() => (marks.working ??= performance.now()));
      if (document.querySelectorAll('article[aria-labelledby^="generation-"]').length > before) {
        requestAnimationFrame(() => (marks.answered ??= performance.now()));
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await button.click();
  const marks = await page.waitForFunction(
    () => {
      const m = (window as unknown as { __marks: Record<string, number> }).__marks;
      return m.answered !== undefined && m.working !== undefined ? m : null;
    },
    null,
    { timeout: 60_000 },
  );
  const { click, working, answered } = (await marks.jsonValue()) as Record<string, number>;
  return { workingMs: working - click, answeredMs: answered - click, interactiveMs };
}

/**
 * Creating a project as an agent does: "New project" on the projects page (once React has
 * hydrated it), the address typed, "Create project" clicked → the new project's page with
 * its title painted. Returns click → title, in ms.
 */
async function createProjectOnce(page: Page, projectsPath: string, address: string): Promise<number> {
  await page.goto(projectsPath);
  const open = page.getByRole("button", { name: "New project" }).first();
  await open.waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll("button")].some(
      (b) => /New project/.test(b.textContent ?? "") && Object.keys(b).some((key) => key.startsWith("__reactProps")),
    ),
  );
  await open.click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Address").fill(address);
  // A person takes seconds to type an address: by the click, the page has finished its own
  // loading (the sidebar's prefetches), which would otherwise hold the request in the queue.
  await page.waitForLoadState("networkidle");
  const clicked = await page.evaluate(() => performance.now());
  await dialog.getByRole("button", { name: "Create project" }).click();
  await page.getByRole("heading", { level: 1, name: address }).waitFor({ timeout: 60_000 });
  const shown = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))));
  return shown - clicked;
}

export async function projectPage(ctx: BenchContext): Promise<Figure> {
  const started = performance.now();
  const listing = await listingOf80(ctx);
  const setupMs = performance.now() - started;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const state = await signedInState(browser, ctx.app.url, listing);
    // One unmeasured visit: the server's first render of the route compiles nothing in production, but warms its caches.
    await loadOnce(browser, ctx.app.url, state, listing.path, false);
    const baseline: PageLoad[] = [];
    const atrium: PageLoad[] = [];
    for (let run = 0; run < RUNS; run++) {
      baseline.push(await loadOnce(browser, ctx.app.url, state, listing.path, true));
      atrium.push(await loadOnce(browser, ctx.app.url, state, listing.path, false));
    }
    const cards: { workingMs: number; answeredMs: number; interactiveMs: number }[] = [];
    const context = await browser.newContext({ baseURL: ctx.app.url, viewport: VIEWPORT, storageState: state });
    const page = await context.newPage();
    // Creation on a server with no other work, then again right after the Stage photo clicks
    // below, while their three 4000×3000 stagings run in the server's own process.
    const projectsPath = `${listing.path.split("/projects/")[0]}/projects`;
    const creations: number[] = [];
    for (let run = 0; run < RUNS; run++) creations.push(await createProjectOnce(page, projectsPath, `${run + 1} Bench Creation Lane`));
    for (let run = 0; run < RUNS; run++) {
      await page.goto(listing.path);
      cards.push(await clickToCards(page));
    }
    const busyCreations: number[] = [];
    for (let run = 0; run < RUNS; run++) busyCreations.push(await createProjectOnce(page, projectsPath, `${run + 1} Busy Creation Lane`));
    await context.close();
    const creation = median(creations);

    const med = (loads: PageLoad[], key: keyof PageLoad) => median(loads.map((load) => load[key]));
    const visible = med(atrium, "visibleMs");
    const working = median(cards.map((c) => c.workingMs));
    return {
      id: 8,
      title: `Studio: project page with ${PHOTOS} photos, in Chromium`,
      method:
        `${PHOTOS} photos of 4000×3000 uploaded through the studio (copies made in ${seconds(setupMs)}); Chromium ${VIEWPORT.width}×${VIEWPORT.height}, empty cache per visit, medians of ${RUNS} alternating runs. ` +
        "Visible content: navigation → every photo tile of the first screen painted. Baseline: the same page with the WebP copies refused, so tiles load the originals (the page before the copies). " +
        "Working card: click on Stage photo, once hydrated → the card painted; baseline: click → the server's answer on screen. " +
        "Project creation: on the projects page, New project, an address typed, Create project clicked → the new project's page with its title painted; " +
        "measured first with the server otherwise idle (the target), then right after the Stage photo clicks while their stagings run.",
      columns: ["measure", "baseline", "Atrium", "ratio"],
      rows: [
        [
          "visible content",
          seconds(med(baseline, "visibleMs")),
          seconds(visible),
          times(
            pairedRatio(
              atrium.map((l) => l.visibleMs),
              baseline.map((l) => l.visibleMs),
            ),
          ),
        ],
        [
          "largest contentful paint",
          seconds(med(baseline, "lcpMs")),
          seconds(med(atrium, "lcpMs")),
          times(
            pairedRatio(
              atrium.map((l) => l.lcpMs),
              baseline.map((l) => l.lcpMs),
            ),
          ),
        ],
        ["images loaded by then", String(med(baseline, "images")), String(med(atrium, "images")), ""],
        ["navigation → Stage photo hydrated (interactive)", "", ms(median(cards.map((c) => c.interactiveMs))), ""],
        [
          "click → working card",
          ms(median(cards.map((c) => c.answeredMs))),
          ms(working),
          times(
            pairedRatio(
              cards.map((c) => c.workingMs),
              cards.map((c) => c.answeredMs),
            ),
          ),
        ],
        ["create project: Create project → its page shown", "", ms(creation), ""],
        [
          "the same while three stagings of 4000×3000 photos run (local provider, in the server's process)",
          "",
          ms(median(busyCreations)),
          "",
        ],
      ],
      targets: [
        { name: `visible content < ${seconds(TARGET_MS)}`, met: visible < TARGET_MS, detail: seconds(visible) },
        { name: `working card < ${CARD_TARGET_MS} ms after the click`, met: working < CARD_TARGET_MS, detail: ms(working) },
        { name: `project created and shown < ${seconds(CREATE_TARGET_MS)}`, met: creation < CREATE_TARGET_MS, detail: ms(creation) },
      ],
      notes: [
        "The click lands once React has hydrated the Stage photo button (time to interactive is its own row); the browser test e2e/app/fast-pages.spec.ts shows the card drawn while the start request is held.",
      ],
    };
  } finally {
    await browser.close();
  }
}
