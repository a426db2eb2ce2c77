/**
 * The OpenAI double takes image parts as the API does (a base64 data URL of a PNG, JPEG,
 * GIF or WebP image, or an https URL) and can end a completion at the output limit.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOpenAiDouble, type OpenAiDouble } from "./openai";

let double: OpenAiDouble;
let png: Buffer;

beforeAll(async () => {
  double = await startOpenAiDouble();
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#8899aa" } })
    .png()
    .toBuffer();
});
afterAll(() => double.close());

async function complete(image: { url: string; detail?: string }) {
  const response = await fetch(`${double.baseUrl}/chat/completions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${double.apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      model: "gpt-4o-mini",
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "Describe." },
            { type: "image_url", image_url: image },
          ],
        },
      ],
    }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      error?: { code: string | null; param: string | null };
      choices?: { finish_reason: string; message: { content: string } }[];
    },
  };
}

describe("OpenAI double", () => {
  it("takes a data URL of a supported image and an https URL", async () => {
    for (const image of [
      { url: `data:image/png;base64,${png.toString("base64")}`, detail: "high" },
      { url: "https://images.example.com/room.jpg" },
    ]) {
      expect((await complete(image)).status, image.url.slice(0, 30)).toBe(200);
    }
  });

  it("refuses an image_url the API refuses: not a URL, http, another MIME type, bytes of another format, an unknown detail", async () => {
    const cases: [{ url: string; detail?: string }, string][] = [
      [{ url: "room.jpg" }, "invalid_value"],
      [{ url: "http://images.example.com/room.jpg" }, "invalid_value"],
      [{ url: `data:text/plain;base64,${Buffer.from("hello").toString("base64")}` }, "invalid_value"],
      [{ url: `data:image/jpeg;base64,${Buffer.from("not a picture").toString("base64")}` }, "invalid_image_format"],
      [{ url: `data:image/png;base64,${png.toString("base64")}`, detail: "ultra" }, "invalid_value"],
    ];
    for (const [image, code] of cases) {
      const refused = await complete(image);
      expect([refused.status, refused.body.error?.code], `${image.url.slice(0, 40)} ${image.detail ?? ""}`).toEqual([400, code]);
    }
  });

  it("ends a completion with finish_reason length when scripted, and stop otherwise", async () => {
    const image = { url: `data:image/png;base64,${png.toString("base64")}` };
    expect((await complete(image)).body.choices?.[0].finish_reason).toBe("stop");
    double.reply(() => ({ content: "A bright flat with", finishReason: "length" }));
    expect((await complete(image)).body.choices?.[0]).toMatchObject({
      finish_reason: "length",
      message: { content: "A bright flat with" },
    });
  });
});
