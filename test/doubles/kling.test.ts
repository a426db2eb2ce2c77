/**
 * The Kling double is as strict and as capable as Kling's API: it downloads URL images
 * (and holds them to the same rules as base64), pages its task list as asked, and a
 * finished task's video is a real MP4.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { klingAuthorization } from "@/server/providers/kling/auth";
import { startKlingDouble, type KlingDouble } from "./kling";

let double: KlingDouble;
let images: http.Server;
let origin: string;

beforeAll(async () => {
  double = await startKlingDouble();
  const room = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#8899aa" } })
    .jpeg()
    .toBuffer();
  const tiny = await sharp({ create: { width: 200, height: 150, channels: 3, background: "#8899aa" } })
    .jpeg()
    .toBuffer();
  images = http.createServer((req, res) => {
    const body = req.url === "/room.jpg" ? room : req.url === "/tiny.jpg" ? tiny : null;
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "image/jpeg" }).end(body);
  });
  await new Promise<void>((resolve) => images.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await double.close();
  await new Promise((resolve) => images.close(resolve));
});

async function call(path: string, body?: unknown) {
  const response = await fetch(`${double.baseUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { Authorization: klingAuthorization(double.apiKey), "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code: number; message: string; data: unknown } };
}

interface Task {
  task_id: string;
  task_status: string;
  task_result?: { videos: { url: string }[] };
}
const ids = (data: unknown) => (data as Task[]).map((task) => task.task_id);

describe("Kling double", () => {
  it("takes an image URL as Kling does, and refuses one it cannot download or that breaks the image rules", async () => {
    const created = await call("/v1/videos/image2video", {
      model_name: "kling-v1-6",
      image: `${origin}/room.jpg`,
      prompt: "pan",
      duration: "5",
      mode: "std",
    });
    expect([created.status, created.body.code]).toEqual([200, 0]);
    for (const [image, problem] of [
      [`${origin}/missing.jpg`, /could not be downloaded/],
      [`${origin}/tiny.jpg`, /at least 300px/],
    ] as const) {
      const refused = await call("/v1/videos/image2video", { model_name: "kling-v1-6", image, prompt: "pan" });
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([400, 1201, expect.stringMatching(problem)]);
    }
  });

  it("pages the task list as asked, newest first, within Kling's limits", async () => {
    double.addOtherTasks(40);
    const all = ids((await call("/v1/videos/image2video?pageNum=1&pageSize=500")).body.data);
    const first = ids((await call("/v1/videos/image2video?pageNum=1&pageSize=2")).body.data);
    const second = ids((await call("/v1/videos/image2video?pageNum=2&pageSize=2")).body.data);
    expect([...first, ...second]).toEqual(all.slice(0, 4));
    expect(ids((await call("/v1/videos/image2video")).body.data)).toEqual(all.slice(0, 30));
    expect((await call("/v1/videos/image2video?pageSize=501")).body).toMatchObject({ code: 1201 });
    expect((await call("/v1/videos/image2video?pageNum=0")).body).toMatchObject({ code: 1201 });
  });

  it("delivers a real MP4 for a task whose video the test did not script", async () => {
    const created = await call("/v1/videos/image2video", {
      model_name: "kling-v1-6",
      image: `${origin}/room.jpg`,
      prompt: "pan",
      duration: "5",
      mode: "std",
    });
    const id = (created.body.data as Task).task_id;
    let task: Task;
    do task = (await call(`/v1/videos/image2video/${id}`)).body.data as Task;
    while (task.task_status !== "succeed");
    const video = Buffer.from(await (await fetch(task.task_result!.videos[0].url)).arrayBuffer());
    expect(video.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect(video.includes(Buffer.from("avc1"))).toBe(true);
  });
});
