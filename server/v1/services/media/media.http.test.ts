/**
 * Workflows 3 ("inpaint then upscale") and 4 ("property description"), video, and
 * provider failures over HTTP against the real routes, storage and local providers.
 */
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { v1Functions } from "@/inngest/functions/v1";
import { probeVideo } from "@/server/media/ffprobe";
import { setProvidersForTesting } from "@/server/providers";
import { ProviderError } from "@/server/providers/types";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";
import { useAppStack } from "@/test/app-stack";

const stack = useAppStack({ functions: v1Functions, fixtures: true });

async function post(path: string, apiKey: string, body: unknown) {
  const response = await fetch(`${stack.app.url}/api/v1${path}`, {
    method: "POST",
    headers: { "x-api-key": apiKey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}
async function get(path: string, apiKey: string) {
  const response = await fetch(`${stack.app.url}/api/v1${path}`, { headers: { "x-api-key": apiKey } });
  return { status: response.status, body: (await response.json()) as any };
}
async function ledger(accountId: string) {
  const rows = await (
    await getDb()
  ).execute<{ kind: string; amount: number; operation: string }>(
    sql`select kind, amount, operation from v1.credit_ledger where account_id = ${accountId} and kind <> 'grant' order by id`,
  );
  return rows.map((r) => `${r.kind}:${r.operation}:${r.amount}`);
}
async function raw(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe("workflow 3: inpaint then upscale", () => {
  it("removes the masked region, keeps every other pixel, then doubles the result; 1 + 2 credits once each", async () => {
    const { apiKey, accountId } = await makeAccount({ plan: "free", credits: 10 });
    const photo = await sharp(await roomPhoto(160, 120))
      .png()
      .toBuffer();
    // The mask is white over the sofa block, at half the photo's size (scaled by the service).
    const mask = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#000" } })
      .composite([{ input: { create: { width: 36, height: 16, channels: 3, background: "#fff" } }, left: 22, top: 24 }])
      .png()
      .toBuffer();
    const inpainted = await post("/inpaint", apiKey, {
      submitted_url: stack.fixtures.serve("/photo.png", photo, "image/png"),
      mask_url: stack.fixtures.serve("/mask.png", mask, "image/png"),
      inpainting_type: "remove",
      render_type: "interior",
    });
    expect(inpainted.status).toBe(200);
    expect(inpainted.body).toMatchObject({ status: "completed", error: null, credits_charged: 1 });
    expect(inpainted.body.result).toMatchObject({
      provider: "local",
      metadata: { render_type: "interior", inpainting_type: "remove", brush_type: "mask" },
    });
    // A removal is a real edit whichever provider made it (D14): altered, not a preview.
    expect(inpainted.body.result).toMatchObject({ preview: false, disclosure: "Digitally altered: items removed" });
    expect(inpainted.body.result.provider_status_url).toMatch(/^local:\/\//);
    expect(inpainted.body.timestamps.completed_at).not.toBeNull();

    const before = await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const after = await sharp(await raw(inpainted.body.result.output_urls[0]))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([after.info.width, after.info.height]).toEqual([160, 120]);
    let changedInside = 0;
    for (let y = 0; y < 120; y++) {
      for (let x = 0; x < 160; x++) {
        const inMask = x >= 44 && x < 116 && y >= 48 && y < 80;
        const i = (y * 160 + x) * 3;
        const same =
          before.data[i] === after.data[i] && before.data[i + 1] === after.data[i + 1] && before.data[i + 2] === after.data[i + 2];
        if (!inMask && !(x >= 42 && x < 118 && y >= 46 && y < 82)) expect(same, `pixel ${x},${y} outside the mask changed`).toBe(true);
        if (inMask && !same) changedInside++;
      }
    }
    expect(changedInside).toBeGreaterThan(72 * 32 * 0.5);

    const upscaled = await post("/upscale", apiKey, { image_url: inpainted.body.result.output_urls[0] });
    expect(upscaled.status).toBe(200);
    expect(upscaled.body).toMatchObject({
      status: "completed",
      credits_charged: 2,
      result: { input_url: inpainted.body.result.output_urls[0], preview: false, disclosure: "Digitally enhanced: upscaled" },
    });
    const meta = await sharp(await raw(upscaled.body.result.output_urls[0])).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);
    expect(await ledger(accountId)).toEqual(["debit:inpaint:-1", "debit:upscale:-2"]);
  });

  it("validates intensity bounds and types", async () => {
    const { apiKey } = await makeAccount({ credits: 5 });
    const base = {
      submitted_url: stack.fixtures.url("/photo.png"),
      mask_url: stack.fixtures.url("/mask.png"),
      inpainting_type: "remove",
      render_type: "interior",
    };
    for (const bad of [
      { intensity: 0.09 },
      { intensity: 1.01 },
      { inpainting_type: "erase" },
      { render_type: "garden" },
      { mask_url: undefined },
    ]) {
      const refused = await post("/inpaint", apiKey, { ...base, ...bad });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        job_id: null,
        status: "failed",
        result: null,
        credits_charged: null,
        error: { code: "invalid_request" },
      });
    }
  });
});

describe("provider failures on synchronous routes", () => {
  it("answer 502 provider_error / provider_timeout with the debit refunded once", async () => {
    const { apiKey, accountId } = await makeAccount({ credits: 10 });
    const imageUrl = stack.fixtures.serve("/tiny.jpg", await roomPhoto(48, 36));
    setProvidersForTesting({
      upscale: {
        name: "broken",
        upscale: async () => {
          throw new ProviderError("The upscaler crashed.", { transient: false });
        },
      },
    });
    try {
      const failed = await post("/upscale", apiKey, { image_url: imageUrl });
      expect(failed.status).toBe(502);
      expect(failed.body).toMatchObject({
        status: "failed",
        result: null,
        credits_charged: 0,
        error: { code: "provider_error", message: "The upscaler crashed." },
      });
      expect(failed.body.job_id).toMatch(/^[0-9a-f-]{36}$/);
      setProvidersForTesting({
        upscale: {
          name: "slow",
          upscale: async () => {
            throw new ProviderError("The provider did not answer in time.", { transient: true, timeout: true });
          },
        },
      });
      const timedOut = await post("/upscale", apiKey, { image_url: imageUrl });
      expect([timedOut.status, timedOut.body.error.code, timedOut.body.credits_charged]).toEqual([502, "provider_timeout", 0]);
      setProvidersForTesting({
        upscale: {
          name: "garbage",
          upscale: async () => ({
            provider: "garbage",
            statusUrl: "x://1",
            outputs: [{ bytes: Buffer.from("not an image"), contentType: "image/jpeg" }],
          }),
        },
      });
      const garbage = await post("/upscale", apiKey, { image_url: imageUrl });
      expect([garbage.status, garbage.body.error.code]).toEqual([502, "provider_error"]);
    } finally {
      setProvidersForTesting(null);
    }
    expect(await ledger(accountId)).toEqual([
      "debit:upscale:-2",
      "refund:upscale:2",
      "debit:upscale:-2",
      "refund:upscale:2",
      "debit:upscale:-2",
      "refund:upscale:2",
    ]);
  });
});

describe("video", () => {
  it("renders a 5 s H.264 MP4 with progress, and refuses bad requests", async () => {
    const { apiKey, accountId } = await makeAccount({ plan: "premium", credits: 60 });
    const still = stack.fixtures.serve("/still.jpg", await roomPhoto(320, 240));
    const created = await post("/video", apiKey, { mode: "zoom_in", image_url: still });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      status: "processing",
      credits_charged: 27,
      result: { provider: "local", mode: "zoom_in", duration: 5, preview: false, disclosure: null },
    });
    expect(created.body.result.provider_status_url).toBe(`local://video/${created.body.job_id}`);
    expect(created.body.result.status_endpoint).toBe(`/api/v1/video?job_id=${created.body.job_id}`);

    let status = await get(`/video?job_id=${created.body.job_id}`, apiKey);
    const deadline = Date.now() + 90_000;
    while (status.body.status === "processing" && Date.now() < deadline) {
      expect(status.body.result.video_url).toBeNull();
      expect(status.body.credits_charged).toBeNull();
      await new Promise((r) => setTimeout(r, 400));
      status = await get(`/video?job_id=${created.body.job_id}`, apiKey);
    }
    expect(status.body).toMatchObject({ status: "completed", credits_charged: null, result: { duration: 5, progress: 100 } });
    const probe = await probeVideo(await raw(status.body.result.video_url));
    expect(probe.codec).toBe("h264");
    expect(Math.abs(probe.durationSeconds - 5)).toBeLessThan(0.05);
    expect(await ledger(accountId)).toEqual(["debit:video:-27"]);

    const noTail = await post("/video", apiKey, { mode: "before_after", image_url: still });
    expect([noTail.status, noTail.body.error.details[0].field]).toEqual([400, "tail_image_url"]);
    const wrongDuration = await post("/video", apiKey, { mode: "pan", image_url: still, duration: 10 });
    expect(wrongDuration.status).toBe(400);
    const free = await makeAccount({ plan: "free", credits: 60 });
    const planRefused = await post("/video", free.apiKey, { mode: "pan", image_url: still });
    expect([planRefused.status, planRefused.body.error.code]).toEqual([403, "plan_required"]);
    const other = await makeAccount({ plan: "premium" });
    expect((await get(`/video?job_id=${created.body.job_id}`, other.apiKey)).status).toBe(404);
  });

  it("refunds 27 credits when the render fails", async () => {
    const { apiKey, accountId } = await makeAccount({ plan: "business", credits: 30 });
    setProvidersForTesting({
      video: {
        name: "local",
        video: async () => {
          throw new ProviderError("ffmpeg could not read the image.", { transient: false });
        },
      },
    });
    try {
      const created = await post("/video", apiKey, { mode: "pan", image_url: stack.fixtures.serve("/v.jpg", await roomPhoto(64, 48)) });
      let status = await get(`/video?job_id=${created.body.job_id}`, apiKey);
      for (let i = 0; i < 100 && status.body.status === "processing"; i++) {
        await new Promise((r) => setTimeout(r, 200));
        status = await get(`/video?job_id=${created.body.job_id}`, apiKey);
      }
      expect(status.body).toMatchObject({ status: "failed", result: null, credits_charged: null, error: { code: "provider_error" } });
    } finally {
      setProvidersForTesting(null);
    }
    expect(await ledger(accountId)).toEqual(["debit:video:-27", "refund:video:27"]);
  });
});

describe("workflow 4: property description", () => {
  const property = {
    address: "12 Harbor Lane, Sausalito, CA",
    property_type: "house",
    listing_status: "active",
    listing_type: "sale",
    price: 1250000,
  };

  it("analyses base64 and data-URL images from their pixels and writes copy; 1 credit", async () => {
    const { apiKey, accountId } = await makeAccount({ credits: 3 });
    const red = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#c81e1e" } })
      .jpeg()
      .toBuffer();
    const dark = await sharp({ create: { width: 60, height: 90, channels: 3, background: "#141414" } })
      .png()
      .toBuffer();
    const light = await sharp({ create: { width: 90, height: 90, channels: 3, background: "#f0f0ec" } })
      .webp()
      .toBuffer();
    const result = await post("/tools/property-description", apiKey, {
      images: [
        red.toString("base64"),
        `data:image/png;base64,${dark.toString("base64")}`,
        `data:image/webp;base64,${light.toString("base64")}`,
      ],
      property_data: property,
      generation_settings: { tone: "luxury", length: "short", language: "en-US" },
    });
    expect(result.status).toBe(200);
    // The local writer says it wrote the copy; the price is in the language's region's currency.
    expect(result.body).toMatchObject({ status: "completed", credits_charged: 1, result: { provider: "local" } });
    expect(result.body.result.description).toContain("$1,250,000");
    const { description, image_analysis: analysis, listing_id: listingId } = result.body.result;
    expect(listingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(description.length).toBeGreaterThan(80);
    expect(description).toContain("Sausalito");
    expect(analysis.map((a: any) => [a.index, a.width, a.height, a.orientation])).toEqual([
      [0, 120, 80, "landscape"],
      [1, 60, 90, "portrait"],
      [2, 90, 90, "square"],
    ]);
    expect(analysis[1].brightness).toBeLessThan(analysis[2].brightness);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(analysis[0].dominant_colors[0].slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(150);
    expect(g + b).toBeLessThan(120);
    expect(await ledger(accountId)).toEqual(["debit:property_description:-1"]);
  });

  it("answers 502 and refunds when the writer returns no text", async () => {
    const { apiKey, accountId } = await makeAccount({ credits: 3 });
    setProvidersForTesting({
      describe: { name: "mute", describe: async () => ({ provider: "mute", statusUrl: "x://1", description: "  " }) },
    });
    try {
      const image = (
        await sharp({ create: { width: 40, height: 30, channels: 3, background: "#888" } })
          .jpeg()
          .toBuffer()
      ).toString("base64");
      const answer = await post("/tools/property-description", apiKey, { images: [image], property_data: property });
      expect([answer.status, answer.body.error.code, answer.body.credits_charged]).toEqual([502, "provider_error", 0]);
    } finally {
      setProvidersForTesting(null);
    }
    expect(await ledger(accountId)).toEqual(["debit:property_description:-1", "refund:property_description:1"]);
  });

  it("refuses remote URLs and bad images without charging", async () => {
    const { apiKey, accountId } = await makeAccount({ credits: 3 });
    const remote = await post("/tools/property-description", apiKey, { images: ["https://example.com/a.jpg"], property_data: property });
    expect([remote.status, remote.body.error.code]).toEqual([400, "remote_images_not_supported"]);
    const notImage = await post("/tools/property-description", apiKey, {
      images: [Buffer.from("hello world").toString("base64")],
      property_data: property,
    });
    expect([notImage.status, notImage.body.error.code]).toEqual([400, "unsupported_media"]);
    const noType = await post("/tools/property-description", apiKey, { images: ["AAAA"], property_data: { address: "x" } });
    expect([noType.status, noType.body.error.details[0].field]).toEqual([400, "property_data.property_type"]);
    expect(await ledger(accountId)).toEqual([]);
  });

  it("refuses a language the local writer cannot write, before charging; English variants are written", async () => {
    const { apiKey, accountId } = await makeAccount({ credits: 3 });
    const image = (
      await sharp({ create: { width: 40, height: 30, channels: 3, background: "#888" } })
        .jpeg()
        .toBuffer()
    ).toString("base64");
    const spanish = await post("/tools/property-description", apiKey, {
      images: [image],
      property_data: property,
      generation_settings: { language: "es-MX" },
    });
    expect([spanish.status, spanish.body.error.code]).toEqual([400, "invalid_request"]);
    expect(spanish.body.error.message).toMatch(/writes en only; it cannot write "es-MX"/);
    expect(spanish.body.error.details).toEqual([expect.objectContaining({ field: "generation_settings.language", accepted: ["en"] })]);
    expect(await ledger(accountId)).toEqual([]);
    const british = await post("/tools/property-description", apiKey, {
      images: [image],
      property_data: property,
      generation_settings: { language: "en-GB" },
    });
    expect([british.status, british.body.credits_charged]).toEqual([200, 1]);
  });
});
