/**
 * Workflow 1 of the contract ("stage one photo and poll") over HTTP against the real
 * route handlers, the local executor, storage and the local provider.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { inngest } from "@/inngest/client";
import { v1Functions } from "@/inngest/functions/v1";
import { setProvidersForTesting } from "@/server/providers";
import { ProviderError } from "@/server/providers/types";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";
import { useAppStack } from "@/test/app-stack";

const stack = useAppStack({ functions: v1Functions, fixtures: true });
let sourceUrl: string;

beforeAll(async () => {
  void inngest;
  sourceUrl = stack.fixtures.serve("/room.jpg", await roomPhoto(320, 240));
});

async function call(method: string, path: string, apiKey: string | null, body?: unknown) {
  const response = await fetch(`${stack.app.url}/api/v1${path}`, {
    method,
    headers: { ...(apiKey ? { "x-api-key": apiKey } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
}

async function pollJob(apiKey: string, jobId: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await call("GET", `/jobs/${jobId}`, apiKey);
    if (result.status !== 200 || result.body.status !== "processing") return result;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still processing`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const staging = (extra: Record<string, unknown> = {}) => ({
  source_url: sourceUrl,
  room_type: "Living Room",
  redesign_type: "Virtual Staging",
  style: "Scandinavian",
  ...extra,
});

describe("POST /job → GET /jobs/{jobSource}", () => {
  it("stages a photo: normalized labels, one output per fast job, a fetchable image of the source's size", async () => {
    const { apiKey } = await makeAccount({ plan: "business" });
    const created = await call("POST", "/job", apiKey, staging({ fast: true }));
    expect(created.status).toBe(200);
    expect(Object.keys(created.body)).toEqual(["jobId"]);
    const done = await pollJob(apiKey, created.body.jobId);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe("completed");
    expect(done.body.data).toMatchObject({
      id: created.body.jobId,
      style: "scandinavian",
      room_type: "living_room",
      intensity: 0.6,
      color: "",
    });
    expect(done.body.data.output_urls).toHaveLength(1);
    // Beside each output, the structure check's verdict (D17).
    expect(done.body.data.output_checks).toEqual([{ verdict: "pass", summary: expect.stringMatching(/look as in the photo/), zones: [] }]);
    const image = await fetch(done.body.data.output_urls[0]);
    expect(image.status).toBe(200);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);
    // D14: the local provider's staging is a style preview, said in headers (the legacy body keeps its shape).
    expect(done.headers.get("atrium-provider")).toBe("local");
    expect(done.headers.get("atrium-preview")).toBe("true");
    expect(done.headers.get("atrium-disclosure")).toBe("Style preview");
  });

  it("names a declutter output as digitally altered, not as a preview or as staging", async () => {
    const { apiKey } = await makeAccount({ plan: "free" });
    const created = await call("POST", "/job", apiKey, staging({ redesign_type: "empty room", style: undefined, fast: true }));
    const done = await pollJob(apiKey, created.body.jobId);
    expect(done.body.status).toBe("completed");
    expect(done.headers.get("atrium-preview")).toBe("false");
    expect(done.headers.get("atrium-disclosure")).toBe("Digitally altered: items removed");
  });

  it("makes as many outputs as the plan allows when fast is not true", async () => {
    for (const [plan, count] of [
      ["free", 1],
      ["premium", 2],
      ["business", 4],
    ] as const) {
      const { apiKey } = await makeAccount({ plan });
      const created = await call(
        "POST",
        "/job/",
        apiKey,
        staging({ redesign_type: "color change", color: "sage green", style: undefined }),
      );
      expect(created.status).toBe(200);
      const done = await pollJob(apiKey, created.body.jobId);
      expect(done.body.status).toBe("completed");
      expect(done.body.data.output_urls).toHaveLength(count);
      expect(done.body.data.color).toMatch(/^#[0-9a-f]{6}$/);
      // A colour change repaints walls on purpose: it is not checked, so the record has no verdicts.
      expect(done.body.data).not.toHaveProperty("output_checks");
    }
  });

  it("refuses invalid requests with the field named and nothing counted", async () => {
    const { apiKey } = await makeAccount({ plan: "business", quota: 5 });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...staging(), redesign_type: "teleport" }, "redesign_type"],
      [{ ...staging(), room_type: "ballroom" }, "room_type"],
      [{ ...staging(), style: undefined }, "style"],
      [{ ...staging(), redesign_type: "paint", style: undefined }, "color"],
      [{ ...staging(), intensity: 1.5 }, "intensity"],
      [{ ...staging(), intensity: 0.05 }, "intensity"],
      [{ ...staging(), source_url: "ftp://example.com/a.jpg" }, "source_url"],
      [{ ...staging(), environment: "space" }, "environment"],
      [{ room_type: "bedroom" }, "source_url"],
    ];
    for (const [body, field] of cases) {
      const refused = await call("POST", "/job", apiKey, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code).toBe("invalid_request");
      expect(refused.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const unknownType = await call("POST", "/job", apiKey, { ...staging(), redesign_type: "teleport" });
    expect(unknownType.body.error).toContain("redesign_type");
    expect(JSON.stringify(unknownType.body.details)).toContain("virtual staging");
    // D14: the API values themselves, not only display labels.
    const typeProblem = unknownType.body.details.find((d: { field: string }) => d.field === "redesign_type");
    expect(typeProblem.accepted).toEqual(["staging", "declutter", "render", "redecorate", "color_change"]);
    expect(typeProblem.message).toContain("color_change");
    const unknownEnvironment = await call("POST", "/job", apiKey, { ...staging(), environment: "space" });
    expect(unknownEnvironment.body.details.find((d: { field: string }) => d.field === "environment").accepted).toEqual([
      "interior",
      "exterior",
      "commercial",
    ]);
    const me = await call("GET", "/me", apiKey);
    expect(me.body).toEqual({ api_monthly_quota: 5, api_total_completed: 0, api_completed_month: 0 });
  });

  it("refuses sources that cannot be fetched or are not images", async () => {
    const { apiKey } = await makeAccount();
    const missing = await call("POST", "/job", apiKey, staging({ source_url: stack.fixtures.url("/nothing-here.jpg") }));
    expect([missing.status, missing.body.code]).toEqual([400, "source_fetch_failed"]);
    const html = await call(
      "POST",
      "/job",
      apiKey,
      staging({ source_url: stack.fixtures.serve("/page.html", "<html>hi</html>", "text/html") }),
    );
    expect([html.status, html.body.code]).toEqual([400, "unsupported_media"]);
    const privateAddress = await call("POST", "/job", apiKey, staging({ source_url: "http://169.254.169.254/latest/meta-data" }));
    expect([privateAddress.status, privateAddress.body.code]).toEqual([400, "source_fetch_failed"]);
  });

  it("reports partially_completed and all-failed groups", async () => {
    const real = (await import("@/server/providers")).getProviders().redesign;
    let calls = 0;
    setProvidersForTesting({
      redesign: {
        name: "flaky",
        redesign: async (source, params, signal) => {
          calls++;
          if (params.variant % 2 === 1) throw new ProviderError("The model refused this image.", { transient: false });
          return real.redesign(source, params, signal);
        },
      },
    });
    try {
      const { apiKey } = await makeAccount({ plan: "business" });
      const partial = await pollJob(apiKey, (await call("POST", "/job", apiKey, staging())).body.jobId);
      expect(partial.body.status).toBe("partially_completed");
      expect(partial.body.data.output_urls).toHaveLength(2);
      expect(calls).toBe(4); // permanent failures are not retried

      setProvidersForTesting({
        redesign: {
          name: "down",
          redesign: async () => {
            throw new ProviderError("The model is unavailable.", { transient: false });
          },
        },
      });
      const failed = await pollJob(apiKey, (await call("POST", "/job", apiKey, staging({ fast: true }))).body.jobId);
      expect(failed.status).toBe(400);
      expect(failed.body.code).toBe("job_failed");
      expect(failed.body.error).toContain("unavailable");
    } finally {
      setProvidersForTesting(null);
    }
  });

  it("lists groups newest first with a Link header to the next page", async () => {
    const { apiKey } = await makeAccount({ plan: "free" });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await call("POST", "/job", apiKey, staging({ fast: true }))).body.jobId);
    const first = await call("GET", "/jobs?limit=2", apiKey);
    expect(first.body.data.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    const link = first.headers.get("link")!;
    expect(link).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/v1\/jobs\?limit=2&cursor=[\w-]+>; rel="next"$/);
    const next = await fetch(link.slice(1, link.indexOf(">")), { headers: { "x-api-key": apiKey } });
    expect(((await next.json()) as { data: { id: string }[] }).data.map((r) => r.id)).toEqual([ids[0]]);
    expect(next.headers.get("link")).toBeNull();
    const bad = await call("GET", "/jobs?limit=0", apiKey);
    expect([bad.status, bad.body.code]).toEqual([400, "invalid_request"]);
    for (const id of ids) await pollJob(apiKey, id);
  });

  it("deletes a group with its stored files, and hides groups from other accounts", async () => {
    const owner = await makeAccount();
    const other = await makeAccount();
    const jobId = (await call("POST", "/job", owner.apiKey, staging({ fast: true }))).body.jobId;
    const done = await pollJob(owner.apiKey, jobId);
    const outputUrl = done.body.data.output_urls[0];
    expect((await fetch(outputUrl)).status).toBe(200);

    expect((await call("GET", `/jobs/${jobId}`, other.apiKey)).status).toBe(404);
    expect((await call("POST", "/delete", other.apiKey, { jobId })).status).toBe(404);
    expect((await call("GET", "/jobs", other.apiKey)).body.data).toEqual([]);
    expect((await call("GET", "/jobs/not-a-uuid", owner.apiKey)).body).toEqual({ error: "No job with this id.", code: "not_found" });

    const deleted = await call("POST", "/delete", owner.apiKey, { jobId });
    expect(deleted.body).toEqual({ message: `Job ${jobId} deleted` });
    expect((await call("GET", `/jobs/${jobId}`, owner.apiKey)).status).toBe(404);
    expect((await fetch(outputUrl)).status).toBe(404);
    expect((await call("POST", "/delete", owner.apiKey, { jobId })).status).toBe(404);
  });
});
