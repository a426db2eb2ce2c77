/**
 * Workflow 2 of the contract ("create a multi-view set") over HTTP against the real
 * route handlers, the local executor, storage and the local provider: billing of the
 * fan-out (D4), anchor and sibling failures, webhooks.
 */
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { renderSets } from "@/db/schema";
import { v1Functions } from "@/inngest/functions/v1";
import { getProviders, setProvidersForTesting } from "@/server/providers";
import { ProviderError, type RedesignProvider } from "@/server/providers/types";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";
import { setWebhook } from "../webhooks/set-webhook";
import { apiCaller, ledgerOf, pollSet, viewRows, waitFor } from "@/test/multiview";
import { useAppStack } from "@/test/app-stack";

vi.hoisted(() => {
  process.env.V1_WEBHOOKS_ENABLED = "true";
});

const stack = useAppStack({ functions: v1Functions, fixtures: true });
let anchorUrl: string;
let siblingUrls: string[];
const call = apiCaller(() => stack.app.url);

beforeAll(async () => {
  anchorUrl = stack.fixtures.serve("/anchor.jpg", await roomPhoto(320, 240));
  // Other views of the same room: other framings, same walls and floor.
  siblingUrls = [
    stack.fixtures.serve("/view-1.jpg", await roomPhoto(360, 240)),
    stack.fixtures.serve("/view-2.jpg", await roomPhoto(300, 260)),
    stack.fixtures.serve("/view-3.jpg", await roomPhoto(400, 240)),
  ];
});

const request = (extra: Record<string, unknown> = {}) => ({
  source_url: anchorUrl,
  additional_view_urls: siblingUrls,
  room_type: "Living Room",
  style: "Scandinavian",
  ...extra,
});

/** The local provider, failing with a permanent error wherever `fails` says so. */
function failingWhere(fails: (input: { width: number; isSibling: boolean }) => boolean): RedesignProvider {
  const real = getProviders().redesign;
  return {
    name: "failing",
    async redesign(source, params, signal) {
      const { width } = await sharp(source.bytes).metadata();
      if (fails({ width: width!, isSibling: params.styleReference !== null }))
        throw new ProviderError("The model refused this image.", { transient: false });
      return real.redesign(source, params, signal);
    },
  };
}

describe("POST /multiview → GET /multiview", () => {
  it("runs workflow 2: anchor then three siblings, 19 credits, every output fetchable, webhook sent", async () => {
    const { accountId, apiKey } = await makeAccount({ plan: "premium", credits: 100 });
    await setWebhook(await getDb(), { accountId, url: stack.fixtures.serve("/hook", "ok", "text/plain") });
    const created = await call("POST", "/multiview", apiKey, request({ intensity: 0.8, color: "sage green" }));
    expect(created.status).toBe(200);
    const setId = created.body.result.render_set_id;
    const [anchorRow] = await viewRows(setId);
    expect(created.body).toMatchObject({
      job_id: anchorRow.id,
      status: "processing",
      error: null,
      credits_charged: 1,
      result: {
        anchor: { view_index: 0, job_id: anchorRow.id, status: "processing" },
        pending_views: siblingUrls.map((source_url, i) => ({ view_index: i + 1, source_url })),
        total_views: 4,
        status_endpoint: `/api/v1/multiview?render_set_id=${setId}`,
        credits: { anchor_charged: 1, sibling_cost_each: 6, siblings_pending: 3 },
      },
      timestamps: { completed_at: null },
    });
    expect(setId).toMatch(/^[0-9a-f-]{36}$/);

    const done = await pollSet(call, apiKey, setId, accountId);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ job_id: anchorRow.id, status: "completed", error: null, credits_charged: null });
    expect(done.body.timestamps.completed_at).not.toBeNull();
    const { views, total, completed, failed } = done.body.result;
    expect([total, completed, failed]).toEqual([4, 4, 0]);
    expect(views.map((v: { view_index: number; is_anchor_view: boolean }) => [v.view_index, v.is_anchor_view])).toEqual([
      [0, true],
      [1, false],
      [2, false],
      [3, false],
    ]);
    const rows = await viewRows(setId);
    expect(views.map((v: { job_id: string }) => v.job_id)).toEqual(rows.map((r) => r.id));
    const sizes = [
      [320, 240],
      [360, 240],
      [300, 260],
      [400, 240],
    ];
    for (const [i, view] of views.entries()) {
      // Every view carries the structure check's verdict on its image (D17).
      expect(view).toMatchObject({
        status: "completed",
        error: null,
        output_check: { verdict: "pass", summary: expect.any(String), zones: [] },
      });
      const image = await fetch(view.output_url);
      expect(image.status).toBe(200);
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual(sizes[i]);
    }
    expect(rows.slice(1).map((r) => r.gateVerdict)).toEqual(["pass", "pass", "pass"]);
    expect(rows[0].gateVerdict).toBeNull();

    const ledger = await ledgerOf(accountId);
    expect(ledger.entries.filter((e) => e.kind === "debit").map((e) => [e.amount, e.job_id])).toEqual(
      rows.map((r) => [r.viewIndex === 0 ? -1 : -6, r.id]),
    );
    expect(ledger.entries.filter((e) => e.kind === "refund")).toEqual([]);
    expect(ledger.balance).toBe(100 - 19);
    expect(ledger.sum).toBe(ledger.balance);
    expect((await call("GET", "/me", apiKey)).body.api_completed_month).toBe(1);

    const events = await waitFor(
      () =>
        getDb().then((db) =>
          db.execute<{ type: string; body: { data: Record<string, unknown> }; status: string }>(
            sql`select e.type, e.body, d.status from v1.webhook_events e join v1.webhook_deliveries d on d.event_id = e.id where e.account_id = ${accountId}`,
          ),
        ),
      (rows) => rows.length === 1 && rows[0].status === "delivered",
    );
    expect(events[0].type).toBe("job.completed");
    // The event carries each view's verdict as GET /multiview shows it (D17).
    expect(events[0].body.data).toEqual({
      job_id: anchorRow.id,
      kind: "multiview",
      status: "completed",
      render_set_id: setId,
      views: views.map((v: { view_index: number; output_check: unknown }) => ({ view_index: v.view_index, output_check: v.output_check })),
    });
  });

  it("skips the siblings a balance of 8 cannot pay for, without charge", async () => {
    const { accountId, apiKey } = await makeAccount({ plan: "business", credits: 8 });
    const created = await call("POST", "/multiview", apiKey, request());
    expect(created.status).toBe(200);
    const done = await pollSet(call, apiKey, created.body.result.render_set_id, accountId);
    expect(done.body.status).toBe("completed");
    const { views, total, completed, failed } = done.body.result;
    expect([total, completed, failed]).toEqual([4, 2, 2]);
    expect(views.map((v: { status: string }) => v.status)).toEqual(["completed", "completed", "failed", "failed"]);
    expect(views[1].output_url).toEqual(expect.any(String));
    for (const skipped of views.slice(2)) {
      expect(skipped.output_url).toBeNull();
      expect(skipped.error.code).toBe("insufficient_credits");
    }
    const rows = await viewRows(created.body.result.render_set_id);
    expect(rows.map((r) => r.charged)).toEqual([true, true, false, false]);
    const ledger = await ledgerOf(accountId);
    expect(ledger.entries.map((e) => e.amount)).toEqual([8, -1, -6]);
    expect([ledger.balance, ledger.sum]).toEqual([1, 1]);
  });

  it("never overdraws one balance with two sets fanning out at once", async () => {
    // 2 anchors + 2 siblings fit in 14; the other four siblings must be skipped.
    const { accountId, apiKey } = await makeAccount({ plan: "business", credits: 14 });
    const created = await Promise.all([call("POST", "/multiview", apiKey, request()), call("POST", "/multiview", apiKey, request())]);
    expect(created.map((c) => c.status)).toEqual([200, 200]);
    const done = await Promise.all(created.map((c) => pollSet(call, apiKey, c.body.result.render_set_id, accountId)));
    const siblings = done.flatMap((d) => d.body.result.views.slice(1));
    expect(siblings.filter((v: { status: string }) => v.status === "completed")).toHaveLength(2);
    expect(siblings.filter((v: { error: { code: string } | null }) => v.error?.code === "insufficient_credits")).toHaveLength(4);
    const ledger = await ledgerOf(accountId);
    expect(
      ledger.entries
        .filter((e) => e.kind === "debit")
        .map((e) => e.amount)
        .sort(),
    ).toEqual([-1, -1, -6, -6]);
    expect([ledger.balance, ledger.sum]).toEqual([0, 0]);
  });

  it("fails the set when the anchor fails: anchor refunded, siblings never started or charged", async () => {
    setProvidersForTesting({ redesign: failingWhere(({ isSibling }) => !isSibling) });
    try {
      const { accountId, apiKey } = await makeAccount({ plan: "premium", credits: 20 });
      await setWebhook(await getDb(), { accountId, url: stack.fixtures.serve("/hook-failed", "ok", "text/plain") });
      const created = await call("POST", "/multiview", apiKey, request());
      const setId = created.body.result.render_set_id;
      const done = await pollSet(call, apiKey, setId, accountId);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({
        job_id: created.body.job_id,
        status: "failed",
        result: null,
        credits_charged: null,
        error: { code: "anchor_failed" },
      });
      expect(done.body.error.message).toContain("refused");
      const rows = await viewRows(setId);
      expect(rows.map((r) => [r.status, r.error?.code, r.charged])).toEqual([
        ["failed", "provider_error", true],
        ["failed", "anchor_failed", false],
        ["failed", "anchor_failed", false],
        ["failed", "anchor_failed", false],
      ]);
      const ledger = await ledgerOf(accountId);
      expect(ledger.entries.map((e) => [e.kind, e.amount])).toEqual([
        ["grant", 20],
        ["debit", -1],
        ["refund", 1],
      ]);
      expect(ledger.balance).toBe(20);
      const events = await waitFor(
        () =>
          getDb().then((db) =>
            db.execute<{ type: string; body: { data: Record<string, unknown> } }>(
              sql`select type, body from v1.webhook_events where account_id = ${accountId}`,
            ),
          ),
        (rows) => rows.length === 1,
      );
      const views = [0, 1, 2, 3].map((index) => ({ view_index: index, output_check: null }));
      expect([events[0].type, events[0].body.data]).toEqual([
        "job.failed",
        { job_id: rows[0].id, kind: "multiview", status: "failed", render_set_id: setId, views },
      ]);
    } finally {
      setProvidersForTesting(null);
    }
  });

  it("refunds a sibling whose generation fails; the set still completes; a failed redo refunds nothing", async () => {
    // View 2 (300 px wide) is refused by the provider.
    setProvidersForTesting({ redesign: failingWhere(({ width, isSibling }) => isSibling && width === 300) });
    try {
      const { accountId, apiKey } = await makeAccount({ plan: "premium", credits: 40 });
      const created = await call("POST", "/multiview", apiKey, request());
      const setId = created.body.result.render_set_id;
      const done = await pollSet(call, apiKey, setId, accountId);
      expect(done.body.status).toBe("completed");
      expect(done.body.result).toMatchObject({
        total: 4,
        completed: 3,
        failed: 1,
        provider: "local",
        preview: true,
        disclosure: "Style preview",
      });
      expect(done.body.result.views[2]).toMatchObject({ status: "failed", output_url: null, error: { code: "provider_error" } });
      let ledger = await ledgerOf(accountId);
      expect(ledger.balance).toBe(40 - 1 - 6 * 2);
      const [, , failedRow] = await viewRows(setId);
      expect(ledger.entries.filter((e) => e.job_id === failedRow.id).map((e) => [e.kind, e.amount])).toEqual([
        ["debit", -6],
        ["refund", 6],
      ]);

      // The row was charged once, so it may be redone; the redo fails again and costs nothing.
      const redo = await call("POST", "/multiview/redo", apiKey, { render_set_id: setId, view_index: 2 });
      expect(redo.status).toBe(200);
      expect((await pollSet(call, apiKey, setId, accountId)).body.result.views[2].error.code).toBe("provider_error");
      expect((await ledgerOf(accountId)).balance).toBe(27);

      // View 1 kept its charge for the image it delivered; a failed redo of it refunds nothing either.
      setProvidersForTesting({ redesign: failingWhere(({ isSibling }) => isSibling) });
      expect((await call("POST", "/multiview/redo", apiKey, { render_set_id: setId, view_index: 1 })).status).toBe(200);
      expect((await pollSet(call, apiKey, setId, accountId)).body.result.views[1]).toMatchObject({ status: "failed", output_url: null });
      expect((await ledgerOf(accountId)).balance).toBe(27);

      setProvidersForTesting(null);
      expect((await call("POST", "/multiview/redo", apiKey, { render_set_id: setId, view_index: 2 })).status).toBe(200);
      const redone = await pollSet(call, apiKey, setId, accountId);
      expect(redone.body.result).toMatchObject({ completed: 3, failed: 1 });
      expect(redone.body.result.views[2]).toMatchObject({
        job_id: failedRow.id,
        status: "completed",
        error: null,
        output_url: expect.any(String),
      });
      ledger = await ledgerOf(accountId);
      expect([ledger.balance, ledger.sum]).toEqual([27, 27]);
      expect((await call("GET", "/me", apiKey)).body.api_completed_month).toBe(4);
    } finally {
      setProvidersForTesting(null);
    }
  });

  it("refuses before charging: bad bodies, a balance below 1, sources that cannot be fetched", async () => {
    const { accountId, apiKey } = await makeAccount({ plan: "premium", credits: 0 });
    const noCredit = await call("POST", "/multiview", apiKey, request());
    expect([noCredit.status, noCredit.body.error.code, noCredit.body.job_id]).toEqual([402, "insufficient_credits", null]);
    for (const [body, field] of [
      [request({ additional_view_urls: [] }), "additional_view_urls"],
      [request({ additional_view_urls: [...siblingUrls, anchorUrl] }), "additional_view_urls"],
      [request({ style: "baroque" }), "style"],
      [request({ intensity: 2 }), "intensity"],
    ] as const) {
      const refused = await call("POST", "/multiview", apiKey, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("invalid_request");
      expect(JSON.stringify(refused.body.error.details)).toContain(field);
    }
    const rich = await makeAccount({ plan: "premium", credits: 10 });
    const missing = await call(
      "POST",
      "/multiview",
      rich.apiKey,
      request({ additional_view_urls: [siblingUrls[0], stack.fixtures.url("/missing.jpg")] }),
    );
    expect([missing.status, missing.body.error.code]).toEqual([400, "source_fetch_failed"]);
    const db = await getDb();
    expect(await db.select().from(renderSets).where(eq(renderSets.accountId, rich.accountId))).toEqual([]);
    expect((await ledgerOf(rich.accountId)).balance).toBe(10);
    expect((await call("GET", "/me", rich.apiKey)).body.api_completed_month).toBe(0);
    expect((await call("GET", "/me", apiKey)).body.api_completed_month).toBe(0);
    expect((await ledgerOf(accountId)).entries).toEqual([]);
  });
});
