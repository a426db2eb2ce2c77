import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startKlingDouble, type KlingDouble } from "@/test/doubles/kling";
import { ProviderError, type VideoParams } from "@/server/providers/types";
import { databaseTaskLedger, type TaskLedger } from "../task-ledger";
import { klingVideoProvider, type KlingConfig } from "./video";
import { rejectionOf } from "@/test/rejection";

const VIDEO = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(256, 7)]);

let double: KlingDouble;
let config: KlingConfig;
let image: Buffer;
let tail: Buffer;

beforeAll(async () => {
  double = await startKlingDouble();
  image = await sharp({ create: { width: 320, height: 320, channels: 3, background: "#777777" } })
    .jpeg()
    .toBuffer();
  tail = await sharp({ create: { width: 320, height: 320, channels: 3, background: "#aa8855" } })
    .jpeg()
    .toBuffer();
});
afterAll(() => double.close());
beforeEach(() => {
  config = { baseUrl: double.baseUrl, apiKey: double.apiKey, model: "kling-v1-6", timeoutMs: 5_000, pollIntervalMs: 10 };
  double.requests.length = 0;
});

const params = (overrides: Partial<VideoParams> = {}): VideoParams => ({
  mode: "zoom_in",
  image,
  tail: null,
  durationSeconds: 5,
  ...overrides,
});

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ProviderError);

describe("Kling image-to-video", () => {
  it("creates a signed task with bare base64 images, polls it and downloads the video", async () => {
    double.script({ polls: 3, video: VIDEO });
    const progress: number[] = [];
    const result = await klingVideoProvider(config).video(params({ mode: "before_after", tail, onProgress: (p) => void progress.push(p) }));
    expect(result.provider).toBe("kling");
    expect(result.outputs[0].bytes.equals(VIDEO)).toBe(true);
    expect(result.outputs[0].contentType).toBe("video/mp4");
    const body = double.requests[0].body as Record<string, string>;
    expect(body).toMatchObject({ model_name: "kling-v1-6", duration: "5", mode: "pro" });
    expect(body.image).toBe(image.toString("base64"));
    expect(body.image_tail).toBe(tail.toString("base64"));
    const task = [...double.tasks.values()].at(-1)!;
    expect(result.statusUrl).toBe(`${double.baseUrl}/v1/videos/image2video/${task.id}`);
    expect(progress.at(-1)).toBe(100);
  });

  it("uses std mode and no tail for single-image modes", async () => {
    double.script({ polls: 1, video: VIDEO });
    await klingVideoProvider(config).video(params({ mode: "pan" }));
    const body = double.requests[0].body as Record<string, unknown>;
    expect(body.mode).toBe("std");
    expect(body).not.toHaveProperty("image_tail");
    expect(body.prompt).toContain("pan");
  });

  it("turns a failed task into a permanent error with Kling's reason", async () => {
    double.script({ polls: 1, outcome: "failed", statusMessage: "image aspect ratio out of range" });
    const error = await failure(klingVideoProvider(config).video(params()));
    expect(error.transient).toBe(false);
    expect(error.message).toContain("aspect ratio");
  });

  it("classifies 5xx as transient and a bad key as permanent", async () => {
    double.failNext({ status: 500, count: 1 });
    expect((await failure(klingVideoProvider(config).video(params()))).transient).toBe(true);
    const wrong = await failure(klingVideoProvider({ ...config, apiKey: "ak:not-the-secret" }).video(params()));
    expect(wrong.transient).toBe(false);
    expect(wrong.message).not.toContain("not-the-secret");
  });

  it("reads the code of a 429: account problems are permanent at once, rate limits are retried", async () => {
    for (const code of [1100, 1101, 1102, 1304]) {
      double.refuseNext(code);
      const error = await failure(klingVideoProvider(config).video(params()));
      expect([code, error.transient, error.message]).toEqual([code, false, expect.stringContaining(`code ${code}`)]);
    }
    for (const code of [1302, 1303]) {
      double.refuseNext(code);
      expect((await failure(klingVideoProvider(config).video(params()))).transient).toBe(true);
    }
    // Each refusal was answered once: nothing waited out or repeated a permanent refusal.
    expect(double.requests.filter((r) => r.method === "POST")).toHaveLength(6);
  });

  it(
    "sends frames Kling accepts: a 6000×4000 WebP and a 3:1 panorama become JPEGs within 10 MB, ≥ 300 px, aspect ≤ 2.5",
    { timeout: 180_000 },
    async () => {
      double.script({ polls: 1, video: VIDEO });
      const noise = { type: "gaussian" as const, mean: 128, sigma: 30 };
      const big = await sharp({ create: { width: 2000, height: 1334, channels: 3, background: "#777", noise } })
        .resize(6000, 4000, { kernel: "nearest" })
        .webp({ effort: 0 })
        .toBuffer();
      const panorama = await sharp({ create: { width: 1500, height: 500, channels: 3, background: "#a85" } })
        .webp()
        .toBuffer();
      // Re-encoding a 6000×4000 frame counts against the call's deadline: seconds on a busy 2-core machine.
      await klingVideoProvider({ ...config, model: "kling-v2-1", timeoutMs: 120_000 }).video(
        params({ mode: "before_after", image: big, tail: panorama }),
      );
      const body = double.requests[0].body as Record<string, string>;
      expect(body).toMatchObject({ model_name: "kling-v2-1", mode: "pro" });
      for (const frame of [body.image, body.image_tail]) {
        const bytes = Buffer.from(frame, "base64");
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe("jpeg");
        expect(bytes.length).toBeLessThanOrEqual(10_000_000);
        expect(Math.min(meta.width!, meta.height!)).toBeGreaterThanOrEqual(300);
        expect(Math.max(meta.width!, meta.height!) / Math.min(meta.width!, meta.height!)).toBeLessThanOrEqual(2.5);
      }
    },
  );

  it("sends image_tail only to models that take it: reveal drops it, before_after is refused before a task is paid for", async () => {
    double.script({ polls: 0, video: VIDEO });
    await klingVideoProvider({ ...config, model: "kling-v2-master" }).video(params({ mode: "reveal", tail }));
    expect(double.requests[0].body).not.toHaveProperty("image_tail");
    expect(double.requests[0].body).toMatchObject({ mode: "std" });
    const refused = await failure(
      klingVideoProvider({ ...config, model: "kling-v2-master" }).video(params({ mode: "before_after", tail })),
    );
    expect([refused.transient, refused.message]).toEqual([false, expect.stringMatching(/kling-v2-master takes no end frame/)]);
    expect(double.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("resumes the recorded task after a crash instead of paying for a second one", async () => {
    double.script({ polls: 3, video: VIDEO });
    const workKey = `test:${crypto.randomUUID()}`;
    // The first process records the task and dies while waiting: its promise never settles.
    const dying: TaskLedger = {
      ...databaseTaskLedger,
      record: async (...args) => {
        await databaseTaskLedger.record(...args);
        await new Promise(() => undefined);
      },
    };
    void klingVideoProvider({ ...config, ledger: dying }).video(params({ workKey }));
    await expect.poll(() => databaseTaskLedger.find(workKey), { timeout: 60_000 }).not.toBeNull();
    const result = await klingVideoProvider({ ...config, ledger: databaseTaskLedger }).video(params({ workKey }));
    expect(result.outputs[0].bytes.equals(VIDEO)).toBe(true);
    expect(double.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    expect(double.tasks.size).toBeGreaterThan(0);
    expect(result.statusUrl).toContain(String(await databaseTaskLedger.find(workKey)));
  });

  it("finds a task created but never recorded (a crash between create and record) by its external_task_id", async () => {
    double.script({ polls: 1, video: VIDEO });
    const workKey = `test:${crypto.randomUUID()}`;
    const crashing: TaskLedger = {
      ...databaseTaskLedger,
      record: async () => {
        throw new Error("process died");
      },
    };
    await expect(klingVideoProvider({ ...config, ledger: crashing }).video(params({ workKey }))).rejects.toThrow("process died");
    const tasksBefore = double.tasks.size;
    const result = await klingVideoProvider({ ...config, ledger: databaseTaskLedger }).video(params({ workKey }));
    expect(result.outputs[0].bytes.equals(VIDEO)).toBe(true);
    // The second create carried the same external_task_id and was refused; no second task exists.
    expect(double.tasks.size).toBe(tasksBefore);
    const creates = double.requests
      .filter((r) => r.method === "POST")
      .map((r) => (r.body as { external_task_id: string }).external_task_id);
    expect(creates).toHaveLength(2);
    expect(creates[0]).toBe(creates[1]);
  });

  it("finds the unrecorded task on a later page of the task list when other tasks were created after it", async () => {
    double.script({ polls: 1, video: VIDEO });
    const workKey = `test:${crypto.randomUUID()}`;
    const crashing: TaskLedger = {
      ...databaseTaskLedger,
      record: async () => {
        throw new Error("process died");
      },
    };
    await expect(klingVideoProvider({ ...config, ledger: crashing }).video(params({ workKey }))).rejects.toThrow("process died");
    // Another worker's 600 tasks since: ours is now on page 2 of 500.
    double.addOtherTasks(600);
    const tasksBefore = double.tasks.size;
    const result = await klingVideoProvider({ ...config, ledger: databaseTaskLedger }).video(params({ workKey }));
    expect(result.outputs[0].bytes.equals(VIDEO)).toBe(true);
    expect(double.tasks.size).toBe(tasksBefore);
    const lists = double.requests
      .filter((r) => r.method === "GET" && /\/image2video\?/.test(r.path))
      .map((r) => new URL(r.path, "http://x").searchParams.get("pageNum"));
    expect(lists).toEqual(["1", "2"]);
  });

  it("times out a task that never finishes", async () => {
    double.script({ polls: 1_000_000 });
    const error = await failure(klingVideoProvider({ ...config, timeoutMs: 200 }).video(params()));
    expect(error.timeout).toBe(true);
  });
});
