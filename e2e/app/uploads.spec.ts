/**
 * Large uploads through the production server (round 3, I1 and L6). Next's proxy used to
 * copy every request body into memory only up to 10 MB and read it to the end before the
 * route ran: a 10–25 MB photo was stored cut short (confirming it answered 500), a body
 * over the limit was read whole before its 413, and Next's warning wrote the upload's
 * signed URL into the server log.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { answerBeforeBody } from "../../test/partial-body";
import { choosePhotos, snap, uniqueEmail } from "./helpers";
import { signUpThroughApi } from "./studio-api";

const SERVER_LOG = path.resolve("e2e/artifacts/web-server.log");

/** The signed links this test sent bytes to, looked for in the server log at the end. */
const signedUrls: string[] = [];
const remember = (url: string) => signedUrls.push(url);

test.describe.configure({ timeout: 300_000 });

/** A JPEG of random pixels, which barely compress: about 2.9 bytes a pixel. Returns its size. */
async function noiseJpeg(file: string, width: number, height: number) {
  const pixels = crypto.randomBytes(width * height * 3);
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: "4:4:4" })
    .toFile(file);
  return fs.statSync(file).size;
}

test("a 24 MB photo uploads whole through the studio; 26 MB is refused with 413 before it is read; large API bodies arrive whole; no signed URL is logged", async ({
  page,
}) => {
  const logBefore = fs.existsSync(SERVER_LOG) ? fs.statSync(SERVER_LOG).size : null;
  expect(logBefore, `the web server's output goes to ${SERVER_LOG} (playwright.config.ts); start it through Playwright`).not.toBeNull();
  const api = await signUpThroughApi(page, { name: "Lena Large", email: uniqueEmail("large"), password: "full-size-photos-2026" });
  const workspace = await api.workspaces.create.mutate({ name: "Large Files Realty" });
  const project = await api.projects.create.mutate({
    workspaceId: workspace.id,
    fields: {
      address: "1 Wide Angle Way",
      propertyType: "house",
      listingStatus: "active",
      listingType: "sale",
      price: 900000,
      bedrooms: 4,
      bathrooms: 3,
      notes: "",
    },
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-large-"));
  const large = path.join(dir, "wide-living-room.jpg");
  const size = await noiseJpeg(large, 3300, 2500);
  expect(size, "the photo is about 24 MB").toBeGreaterThan(23_500_000);
  expect(size).toBeLessThan(25_000_000);

  await test.step("24 MB through the uploader: stored whole and confirmed", async () => {
    await page.goto(`/w/${workspace.slug}/projects/${project.id}`);
    const uploads: string[] = [];
    page.on("request", (request) => request.method() === "PUT" && uploads.push(request.url()));
    await choosePhotos(page, [large]);
    await expect(page.getByRole("status").filter({ hasText: "1 photo uploaded" })).toBeVisible({ timeout: 180_000 });
    await snap(page, "uploads-24mb-done");
    const [photo] = await api.photos.list.query({ workspaceId: workspace.id, projectId: project.id });
    expect([photo.fileName, photo.bytes, photo.width, photo.height]).toEqual(["wide-living-room.jpg", size, 3300, 2500]);
    const original = await (await page.request.get(photo.url)).body();
    expect(crypto.createHash("sha256").update(original).digest("hex")).toBe(
      crypto.createHash("sha256").update(fs.readFileSync(large)).digest("hex"),
    );
    expect(uploads).toHaveLength(1);
    remember(uploads[0]);
  });

  await test.step("26 MB on a link for 25: 413 while the body is still on its way", async () => {
    const [target] = await api.photos.prepareUploads.mutate({
      workspaceId: workspace.id,
      projectId: project.id,
      files: [{ fileName: "too-large.jpg", contentType: "image/jpeg", bytes: 24_000_000 }],
    });
    if (target.method !== "PUT") throw new Error("the browser tests run on the local file store");
    remember(target.url);
    expect((await answerBeforeBody(target.url, target.headers, 26_000_000))?.status).toBe(413);
    // The refusal read nothing, so the link still takes a file within its limit.
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c9b99a" } })
      .jpeg()
      .toBuffer();
    expect((await page.request.put(target.url, { headers: target.headers, data: small })).status()).toBe(200);
  });

  await test.step("the property description takes a body over 10 MB whole, and refuses one over its 60 MB before reading it", async () => {
    const out = execFileSync(
      "npx",
      ["tsx", "cli/index.ts", "account", "create", "--name", "large-bodies", "--plan", "business", "--credits", "5", "--json"],
      { env: process.env, encoding: "utf8" },
    );
    const apiKey = JSON.parse(out.trim().split("\n").at(-1)!).api_key as string;
    // 13 MB of base64: 9.75 MB decoded, under the one-image limit, but not an image. A body
    // cut at 10 MB would be invalid JSON; read whole, it is judged by its content.
    const body = JSON.stringify({
      images: [`data:image/jpeg;base64,${"A".repeat(13_000_000)}`],
      property_data: { property_type: "condo", address: "1 Big Body Street", listing_type: "sale", price: 500000 },
      generation_settings: { tone: "warm", length: "short" },
    });
    const answer = await page.request.post("/api/v1/tools/property-description", {
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      data: body,
    });
    const text = await answer.text();
    expect(text).not.toContain("invalid_json");
    expect([answer.status(), text]).toEqual([400, expect.stringContaining("unsupported_media")]);
    const declared = await answerBeforeBody(
      `${new URL(page.url()).origin}/api/v1/tools/property-description`,
      { "x-api-key": apiKey, "content-type": "application/json" },
      61_000_000,
      "POST",
    );
    // The contract's answer for a body over the limit: 400 payload_too_large (D2).
    expect([declared?.status, declared?.body]).toEqual([400, expect.stringContaining("payload_too_large")]);
  });

  await test.step("the server log holds no signed URL", async () => {
    // Give the server's output a moment to reach the file.
    await page.waitForTimeout(1_000);
    const log = fs.readFileSync(SERVER_LOG, "utf8").slice(logBefore!);
    for (const url of signedUrls) {
      const signature = new URL(url).search.slice(1);
      expect(log, "a signed upload link in the server log").not.toContain(signature);
    }
  });
});
