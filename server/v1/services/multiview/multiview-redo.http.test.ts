/**
 * The sibling quality gate and POST /multiview/redo over HTTP (D3, D7): gate pass and
 * fail with the real local provider and image comparison, the attempt cap, rows that
 * cannot be redone, plan and ownership refusals. Nothing refused consumes quota.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { v1Functions } from "@/inngest/functions/v1";
import { GATE_THRESHOLDS } from "@/server/images/compare";
import { getProviders, setProvidersForTesting } from "@/server/providers";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";
import { apiCaller, ledgerOf, pollSet, viewRows, waitFor } from "@/test/multiview";
import { useAppStack } from "@/test/app-stack";

const stack = useAppStack({ functions: v1Functions, fixtures: true });
let anchorUrl: string;
let sameRoomUrl: string;
let outdoorUrl: string;
const call = apiCaller(() => stack.app.url);

beforeAll(async () => {
  anchorUrl = stack.fixtures.serve("/anchor.jpg", await roomPhoto(320, 240));
  sameRoomUrl = stack.fixtures.serve("/same-room.jpg", await roomPhoto(360, 240));
  // Not a view of the room at all: saturated sky and grass. Graded toward the anchor it
  // keeps its own two-colour distribution, so the style check must fail.
  const outdoor = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="140" fill="#1e6fe0"/><rect y="140" width="320" height="100" fill="#2fa83a"/><circle cx="250" cy="50" r="30" fill="#ffe000"/></svg>`;
  outdoorUrl = stack.fixtures.serve("/outdoor.jpg", await sharp(Buffer.from(outdoor)).jpeg().toBuffer());
});

const request = (views: string[]) => ({ source_url: anchorUrl, additional_view_urls: views, room_type: "bedroom", style: "japandi" });
const redo = (apiKey: string, render_set_id: string, view_index: number) =>
  call("POST", "/multiview/redo", apiKey, { render_set_id, view_index });
const monthUnits = async (apiKey: string) => (await call("GET", "/me", apiKey)).body.api_completed_month as number;

describe("sibling quality gate and redo", () => {
  it("passes a view of the same room, withholds another scene's output, and redoes it up to the cap of 4 attempts", async () => {
    const { accountId, apiKey } = await makeAccount({ plan: "premium", credits: 100 });
    const created = await call("POST", "/multiview", apiKey, request([sameRoomUrl, outdoorUrl]));
    const setId = created.body.result.render_set_id;
    const done = await pollSet(call, apiKey, setId, accountId);
    expect(done.body.status).toBe("completed");
    expect(done.body.result).toMatchObject({ total: 3, completed: 3, failed: 0 });
    const [, passing, gated] = done.body.result.views;
    expect(passing.output_url).toEqual(expect.any(String));
    expect(gated).toMatchObject({ status: "completed", output_url: null, error: null });
    let rows = await viewRows(setId);
    expect([rows[1].gateVerdict, rows[2].gateVerdict]).toEqual(["pass", "fail"]);
    expect(rows[1].gateDetails!.style).toBeGreaterThanOrEqual(GATE_THRESHOLDS.style);
    expect(rows[1].gateDetails!.structure).toBeGreaterThanOrEqual(GATE_THRESHOLDS.structure);
    expect(rows[2].gateDetails!.style).toBeLessThan(GATE_THRESHOLDS.style);
    expect(rows[2].gateScore).toBeLessThan(rows[1].gateScore!);
    // The rejected image is kept for review as held_back_url, never as output_url.
    expect(gated.gate).toMatchObject({ verdict: "fail", score: rows[2].gateScore, style: rows[2].gateDetails!.style });
    expect(passing.gate).toMatchObject({ verdict: "pass", score: rows[1].gateScore });
    expect(passing.held_back_url).toBeNull();
    expect((await fetch(gated.held_back_url)).status).toBe(200);
    expect(await monthUnits(apiKey)).toBe(1);

    for (const attempt of [2, 3, 4]) {
      const redone = await redo(apiKey, setId, 2);
      expect(redone.status).toBe(200);
      expect(redone.body).toMatchObject({
        job_id: rows[2].id,
        status: "processing",
        credits_charged: 0,
        error: null,
        result: { render_set_id: setId, view_index: 2, job_id: rows[2].id },
      });
      const settled = await pollSet(call, apiKey, setId, accountId);
      expect(settled.body.result.views[2]).toMatchObject({ job_id: rows[2].id, status: "completed", output_url: null });
      const [, , row] = await viewRows(setId);
      expect([row.attempts, row.gateVerdict]).toEqual([attempt, "fail"]);
      expect(await monthUnits(apiKey)).toBe(attempt);
    }
    const fifth = await redo(apiKey, setId, 2);
    expect([fifth.status, fifth.body.error.code, fifth.body.job_id]).toEqual([400, "redo_limit_exceeded", null]);
    expect(await monthUnits(apiKey)).toBe(4);

    // Redoing a passing view clears its gate and output at once, then gates the new image.
    const oldUrl = passing.output_url;
    expect((await redo(apiKey, setId, 1)).status).toBe(200);
    rows = await viewRows(setId);
    expect([rows[1].status, rows[1].gateVerdict, rows[1].gateScore, rows[1].outputKey]).toEqual(["processing", null, null, null]);
    expect((await fetch(oldUrl)).status).toBe(404);
    const again = await pollSet(call, apiKey, setId, accountId);
    expect(again.body.result.views[1]).toMatchObject({ status: "completed", output_url: expect.any(String) });
    expect((await fetch(again.body.result.views[1].output_url)).status).toBe(200);

    const ledger = await ledgerOf(accountId);
    expect(ledger.entries.filter((e) => e.kind !== "grant").map((e) => e.amount)).toEqual([-1, -6, -6]);
    expect(ledger.balance).toBe(100 - 13);
  });

  it("refuses to redo the anchor, a running view, a skipped view, and unknown or foreign ones, consuming nothing", async () => {
    // The first sibling is held in the provider until released, so it is observably running.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const real = getProviders().redesign;
    setProvidersForTesting({
      redesign: {
        name: "held",
        redesign: async (source, params, signal) =>
          (params.styleReference ? released : Promise.resolve()).then(() => real.redesign(source, params, signal)),
      },
    });
    try {
      const { accountId, apiKey } = await makeAccount({ plan: "business", credits: 7 });
      const created = await call("POST", "/multiview", apiKey, request([sameRoomUrl, sameRoomUrl, sameRoomUrl]));
      const setId = created.body.result.render_set_id;
      await waitFor(
        () => viewRows(setId),
        (rows) => rows[0].status === "completed" && rows[1].charged,
      );
      const expectRefused = async (response: Awaited<ReturnType<typeof redo>>, status: number, code: string) =>
        expect([response.status, response.body.error.code]).toEqual([status, code]);
      await expectRefused(await redo(apiKey, setId, 0), 400, "view_not_redoable");
      await expectRefused(await redo(apiKey, setId, 1), 400, "view_not_redoable");
      await expectRefused(await redo(apiKey, setId, 2), 400, "view_not_redoable");
      release();
      const done = await pollSet(call, apiKey, setId, accountId);
      expect(done.body.result.views.map((v: { error: { code: string } | null }) => v.error?.code ?? null)).toEqual([
        null,
        null,
        "insufficient_credits",
        "insufficient_credits",
      ]);
      await expectRefused(await redo(apiKey, setId, 3), 400, "view_not_redoable");
      await expectRefused(await redo(apiKey, setId, 9), 404, "not_found");
      await expectRefused(await redo(apiKey, "1b4e28ba-2fa1-4d2a-883f-0016d3cca427", 1), 404, "not_found");
      await expectRefused(await redo(apiKey, "not-a-uuid", 1), 404, "not_found");
      const other = await makeAccount({ plan: "premium" });
      await expectRefused(await redo(other.apiKey, setId, 1), 404, "not_found");
      expect((await call("GET", `/multiview?render_set_id=${setId}`, other.apiKey)).status).toBe(404);
      expect((await call("GET", "/multiview?render_set_id=1b4e28ba-2fa1-4d2a-883f-0016d3cca427", apiKey)).body.error.code).toBe(
        "not_found",
      );
      expect(await monthUnits(apiKey)).toBe(1);
      expect(await monthUnits(other.apiKey)).toBe(0);
      expect((await viewRows(setId)).map((r) => r.attempts)).toEqual([1, 1, 0, 0]);
    } finally {
      release();
      setProvidersForTesting(null);
    }
  });

  it("is for premium and business plans only", async () => {
    const { apiKey } = await makeAccount({ plan: "free", credits: 50 });
    const post = await call("POST", "/multiview", apiKey, request([sameRoomUrl]));
    const get = await call("GET", "/multiview?render_set_id=1b4e28ba-2fa1-4d2a-883f-0016d3cca427", apiKey);
    const redone = await redo(apiKey, "1b4e28ba-2fa1-4d2a-883f-0016d3cca427", 1);
    for (const refused of [post, get, redone])
      expect([refused.status, refused.body.error.code, refused.body.job_id]).toEqual([403, "plan_required", null]);
    expect(await monthUnits(apiKey)).toBe(0);
  });
});
