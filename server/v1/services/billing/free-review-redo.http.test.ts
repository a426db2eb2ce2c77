/**
 * Free redos of outputs the structure check marked for review (D17), over HTTP: a legacy
 * job redone with `review_redo_of`, a multi-view sibling with `review_redo`. Neither takes
 * a quota unit; each photo gets FREE_REVIEW_REDOS_PER_DAY a UTC day, a redo of a redo
 * counting against the same photo; an output that passed is refused. The model double
 * stands for a hosted model: it stages a room whose floor, under new furniture, looks
 * like another material (a rug or a floor re-laid: the check cannot tell, so it asks a
 * person), and gives any other photo back as it was (a pass).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { inngest } from "@/inngest/client";
import { v1Functions } from "@/inngest/functions/v1";
import { setProvidersForTesting } from "@/server/providers";
import type { ImageFile, RedesignProvider } from "@/server/providers/types";
import { sharp } from "@/server/images/sharp";
import { FREE_REVIEW_REDOS_PER_DAY } from "@/shared/vocabulary";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";
import { apiCaller, pollSet } from "@/test/multiview";
import { perspectiveRoom } from "@/test/perspective-room";
import { useAppStack } from "@/test/app-stack";

const stack = useAppStack({ functions: v1Functions, fixtures: true });
const call = apiCaller(() => stack.app.url);
const glassWall = { box: [0.5, 0.12, 0.95, 0.62] as [number, number, number, number] };
let reviewedUrl: string, passingUrl: string;
const calls: number[] = [];

/** Stages the perspective room (320 px wide) onto a floor that reads as another; gives anything else back unchanged. */
const modelDouble: RedesignProvider = {
  name: "double",
  async redesign(source: ImageFile) {
    const { width } = await sharp(source.bytes).metadata();
    calls.push(width);
    const bytes = width === 320 ? await perspectiveRoom({ windows: [glassWall], floor: "tiles", furniture: true }) : source.bytes;
    return {
      provider: "double",
      statusUrl: `https://models.example/predictions/${calls.length}`,
      model: "double/model",
      outputs: [{ bytes, contentType: "image/jpeg" }],
    };
  },
};

beforeAll(async () => {
  void inngest;
  reviewedUrl = stack.fixtures.serve("/room.jpg", await perspectiveRoom({ windows: [glassWall] }));
  passingUrl = stack.fixtures.serve("/plain.jpg", await roomPhoto(300, 240));
  setProvidersForTesting({ redesign: modelDouble });
  return () => setProvidersForTesting(null);
});

async function pollJob(apiKey: string, jobId: string) {
  for (const deadline = Date.now() + 45_000; ;) {
    const result = await call("GET", `/jobs/${jobId}`, apiKey);
    if (result.body?.status !== "processing") return result;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still processing`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const staging = (source_url: string, extra: Record<string, unknown> = {}) => ({
  source_url,
  room_type: "living_room",
  redesign_type: "staging",
  style: "modern",
  fast: true,
  ...extra,
});
const monthUnits = async (apiKey: string) => (await call("GET", "/me", apiKey)).body.api_completed_month as number;

describe("free redos of outputs marked for review (D17)", () => {
  it("redoes a legacy job at no cost, twice a day per photo, a redo of a redo counting against the same photo", async () => {
    const { apiKey } = await makeAccount({ plan: "business", quota: 10 });
    const first = await call("POST", "/job", apiKey, staging(reviewedUrl));
    const done = await pollJob(apiKey, first.body.jobId);
    expect(done.body.data.output_checks).toEqual([
      expect.objectContaining({ verdict: "review", zones: [expect.objectContaining({ zone: "floor" })] }),
    ]);
    expect(await monthUnits(apiKey)).toBe(1);

    // The redo uses the photo the job stored: the URL sent is not fetched again.
    const redo = await call("POST", "/job", apiKey, staging("https://unreachable.example/gone.jpg", { review_redo_of: first.body.jobId }));
    expect(redo.status).toBe(200);
    const redone = await pollJob(apiKey, redo.body.jobId);
    expect(redone.body.data.output_checks[0].verdict).toBe("review");
    const again = await call("POST", "/job", apiKey, staging(reviewedUrl, { review_redo_of: redo.body.jobId }));
    expect(again.status).toBe(200);
    await pollJob(apiKey, again.body.jobId);
    expect(await monthUnits(apiKey)).toBe(1);

    const third = await call("POST", "/job", apiKey, staging(reviewedUrl, { review_redo_of: first.body.jobId }));
    expect([third.status, third.body.code]).toEqual([400, "free_redo_limit"]);
    expect(third.body.error).toContain(`${FREE_REVIEW_REDOS_PER_DAY} free redos today`);
    expect(await monthUnits(apiKey)).toBe(1);
  });

  it("refuses a free redo of an output that passed, of another account's job and of an unknown one", async () => {
    const { apiKey } = await makeAccount({ plan: "business", quota: 10 });
    const passed = await call("POST", "/job", apiKey, staging(passingUrl));
    expect((await pollJob(apiKey, passed.body.jobId)).body.data.output_checks[0].verdict).toBe("pass");
    const refused = await call("POST", "/job", apiKey, staging(passingUrl, { review_redo_of: passed.body.jobId }));
    expect([refused.status, refused.body.code]).toEqual([400, "not_under_review"]);

    const other = await makeAccount({ plan: "business", quota: 10 });
    const theirs = await call("POST", "/job", other.apiKey, staging(reviewedUrl));
    await pollJob(other.apiKey, theirs.body.jobId);
    for (const id of [theirs.body.jobId, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const answer = await call("POST", "/job", apiKey, staging(reviewedUrl, { review_redo_of: id }));
      expect([answer.status, answer.body.code]).toEqual([404, "not_found"]);
    }
    expect(await monthUnits(apiKey)).toBe(1);
  });

  it("redoes a multi-view sibling marked for review at no cost, twice a day; not one that passed", async () => {
    const { apiKey, accountId } = await makeAccount({ plan: "premium", credits: 20, quota: 10 });
    const created = await call("POST", "/multiview", apiKey, {
      source_url: passingUrl,
      additional_view_urls: [reviewedUrl, passingUrl],
      room_type: "living_room",
      style: "modern",
    });
    expect(created.status).toBe(200);
    const setId = created.body.result.render_set_id;
    const done = await pollSet(call, apiKey, setId, accountId);
    expect(done.body.result.views.map((v: { output_check: { verdict: string } }) => v.output_check.verdict)).toEqual([
      "pass",
      "review",
      "pass",
    ]);
    expect(await monthUnits(apiKey)).toBe(1);

    for (let round = 0; round < FREE_REVIEW_REDOS_PER_DAY; round++) {
      const redo = await call("POST", "/multiview/redo", apiKey, { render_set_id: setId, view_index: 1, review_redo: true });
      expect([redo.status, redo.body.credits_charged]).toEqual([200, 0]);
      await pollSet(call, apiKey, setId, accountId);
    }
    const over = await call("POST", "/multiview/redo", apiKey, { render_set_id: setId, view_index: 1, review_redo: true });
    expect([over.status, over.body.error.code]).toEqual([400, "free_redo_limit"]);
    const passed = await call("POST", "/multiview/redo", apiKey, { render_set_id: setId, view_index: 2, review_redo: true });
    expect([passed.status, passed.body.error.code]).toEqual([400, "not_under_review"]);
    expect(await monthUnits(apiKey)).toBe(1);
  });
});
