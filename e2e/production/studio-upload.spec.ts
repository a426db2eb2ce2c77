/**
 * A broker uploads a listing photo in the studio of the production-mode app: the bytes
 * go from the browser straight to the S3 bucket with a presigned POST form (never through
 * a function), and the photo is then shown from a presigned S3 link.
 */
import { expect, test } from "@playwright/test";
import fs from "node:fs";
import { choosePhotos, roomJpeg, submitSignUp, uniqueEmail } from "../app/helpers";

const bucketUrl = process.env.PRODUCTION_BUCKET_URL!;

test("a photo uploaded in the studio goes straight to S3", async ({ page }) => {
  const appOrigin = new URL(process.env.PRODUCTION_BASE_URL!).origin;
  const writes: { method: string; url: string }[] = [];
  page.on("request", (request) => {
    if (["PUT", "POST"].includes(request.method())) writes.push({ method: request.method(), url: request.url() });
  });

  await page.goto("/sign-up");
  // No outbox in production: she signs in before confirming her address (uploading needs no credits).
  const priya = { name: "Priya Shah", email: uniqueEmail("prod"), password: "listing-photos-2024" };
  await submitSignUp(page, priya);
  await page.getByRole("link", { name: "Go to sign in" }).click();
  await page.getByLabel("Password").fill(priya.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/workspaces/);
  await page.getByLabel("Brokerage name").fill("Bayside Homes");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/projects$/);

  await page.getByRole("button", { name: "New project" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Address").fill("8 Pier Road, Monterey");
  await dialog.getByLabel("Property type").selectOption("house");
  await dialog.getByLabel("Listing status").selectOption("active");
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "8 Pier Road, Monterey" })).toBeVisible();

  // Playwright's own output folder for this test, cleaned by Playwright, pass or fail.
  const dir = test.info().outputPath();
  fs.mkdirSync(dir, { recursive: true });
  await choosePhotos(page, [await roomJpeg(dir, "kitchen.jpg", "#e7dcc8", 1600, 1200)]);
  await expect(page.getByRole("status").filter({ hasText: "1 photo uploaded" })).toBeVisible();

  // The bytes went to the bucket as one POST form (its signed policy caps the size:
  // server/storage/s3-blob-store.test.ts); the app itself received no upload, only its
  // sign-in and tRPC calls.
  const toStorage = writes.filter((write) => !write.url.startsWith(appOrigin));
  expect(toStorage).toHaveLength(1);
  expect(toStorage[0].method).toBe("POST");
  expect(toStorage[0].url.startsWith(bucketUrl.replace(/\/$/, ""))).toBe(true);
  expect(writes.filter((write) => write.url.startsWith(`${appOrigin}/files/`))).toEqual([]);

  const photo = page.getByRole("list", { name: "Photos" }).getByRole("img", { name: "kitchen.jpg" });
  await expect(photo).toBeVisible();
  expect((await photo.getAttribute("src"))?.startsWith(bucketUrl)).toBe(true);
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});
