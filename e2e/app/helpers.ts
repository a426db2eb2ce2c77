import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

export const ARTIFACTS = path.resolve("e2e/artifacts/screenshots");

/** Saves a full-page screenshot under e2e/artifacts/screenshots (kept by CI as an artifact). */
export async function snap(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Fails on any serious or critical WCAG 2.1 A/AA violation axe finds on the page as it is now. */
export async function expectAccessible(page: Page, name: string) {
  // Next streams a dynamic page's metadata, so after a refresh (the photo uploader's) the
  // <title> can trail the content: CI once saw axe report "document-title" on the project
  // page in that moment. A page with no title at all still fails, here.
  await expect(page, `${name} has a document title`).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  expect(blocking, `accessibility violations on ${name}`).toEqual([]);
}

/**
 * Chooses photos in a project's uploader. It takes files once the page has hydrated
 * (before, a choice fires a change nobody hears and is lost; the input and Browse files
 * are disabled until then), and straight after a navigation it may not have.
 */
export async function choosePhotos(page: Page, files: string[]) {
  await expect(page.getByRole("button", { name: "Browse files" })).toBeEnabled();
  await page.getByLabel("Upload photos").setInputFiles(files);
}

/** A real JPEG of a flat-coloured "room" with a darker "window", written to a temp file. */
export async function roomJpeg(dir: string, name: string, color: string, width = 1200, height = 800) {
  const window = await sharp({
    create: { width: Math.round(width / 4), height: Math.round(height / 3), channels: 3, background: "#334155" },
  })
    .png()
    .toBuffer();
  const file = path.join(dir, name);
  await sharp({ create: { width, height, channels: 3, background: color } })
    .composite([{ input: window, left: Math.round(width / 8), top: Math.round(height / 6) }])
    .jpeg({ quality: 85 })
    .toFile(file);
  return file;
}

export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** Fills the sign-up form and sends it; the page then asks the person to check their email. */
export async function submitSignUp(page: Page, person: { name: string; email: string; password: string }) {
  await page.getByLabel("Full name").fill(person.name);
  await page.getByLabel("Work email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
  // The first sign-up of a fresh server also starts its mail listener: allow for a loaded machine.
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible({ timeout: 45_000 });
}

/**
 * Opens the newest mail to `to` whose subject matches in the dev outbox and follows its
 * first link. Account mail leaves from a durable function a moment after the request, so
 * the outbox is read again until the message is there.
 */
export async function followMailedLink(page: Page, to: string, subject: RegExp) {
  const message = page
    .getByTestId("outbox-message")
    .filter({ has: page.getByRole("heading", { name: subject }) })
    .first();
  await expect(async () => {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await message.getByRole("link").first().click();
}

/**
 * Signs up from the sign-up page as a person does: the form says to check the email, the
 * mailed link confirms the address, and the person signs in with the address filled in,
 * landing where the form was taking them (/workspaces, or the invitation they came from).
 */
export async function signUp(page: Page, person: { name: string; email: string; password: string }) {
  await submitSignUp(page, person);
  await followMailedLink(page, person.email, /Confirm your email/);
  await expect(page.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page.getByLabel("Email")).toHaveValue(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 30_000 });
}
