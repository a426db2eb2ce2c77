/**
 * Studio verbs reach the v1 service only through ctx.v1 (lint forbids making a client
 * anywhere else): with a recording double of the typed client behind the gateway, a
 * verb's calls are the double's to see, and a refusal reaches the person as the
 * studio's AppError in plain words, not as the client's AtriumApiError.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { AppError } from "@/server/errors";
import { AtriumApiError } from "@atrium/sdk";
import { recordingV1Client, refusal, type ScriptedAnswers } from "@/test/doubles/v1-client";
import { createStudioContext, type StudioContext } from "./context";
import { startVideo } from "./generations/video/start-video";
import { studioWithPhotos } from "@/test/fixtures";
import { v1GatewayOver } from "./v1-gateway";
import type { EventSender } from "@/server/context";

let studio: Awaited<ReturnType<typeof studioWithPhotos>>;

const account: ScriptedAnswers["me"] = () => ({
  api_monthly_quota: 100,
  api_total_completed: 0,
  api_completed_month: 0,
  creditBalance: 500,
  plan: "premium",
});
const videoStarted: ScriptedAnswers["createVideo"] = () => ({
  job_id: "video-job-1",
  status: "processing",
  result: {
    provider: "local",
    mode: "flyover",
    duration: 5,
    provider_status_url: "",
    status_endpoint: "/api/v1/video?job_id=video-job-1",
    preview: true,
    disclosure: "Style preview",
  },
  error: null,
  credits_charged: 27,
  timestamps: { created_at: null, updated_at: null, completed_at: null },
  replayed: false,
});

/** A studio context whose gateway hands out the double, recording which workspace asked, and whose events are only recorded. */
async function contextOver(answers: ScriptedAnswers) {
  const double = recordingV1Client(answers);
  const workspaces: string[] = [];
  const sent: unknown[] = [];
  const events: EventSender = { send: async (payload) => (sent.push(payload), { ids: [] }) };
  const gateway = v1GatewayOver(async (workspaceId) => (workspaces.push(workspaceId), double.client));
  const ctx: StudioContext = await createStudioContext({ v1: gateway, events });
  return { ctx, calls: double.calls, workspaces, sent };
}

const videoInput = () => ({
  workspaceId: studio.workspaceId,
  projectId: studio.projectId,
  userId: studio.user.id,
  mode: "flyover" as const,
  image: { type: "photo" as const, id: studio.photoIds[0] },
});

beforeAll(async () => {
  studio = await studioWithPhotos("Gwen", 1);
}, 30_000);

afterAll(closeDb);

describe("startVideo through an injected gateway", () => {
  it("asks for the workspace's client and makes its calls on it: the balance, then the video with the generation's idempotency key", async () => {
    const { ctx, calls, workspaces, sent } = await contextOver({ me: account, createVideo: videoStarted });
    const { id } = await startVideo(ctx, videoInput());
    expect(workspaces.every((workspaceId) => workspaceId === studio.workspaceId)).toBe(true);
    expect(calls.map((call) => call.operation)).toEqual(["me", "createVideo"]);
    const [body, options] = calls[1].args as [Record<string, unknown>, { idempotencyKey: string }];
    expect(body).toMatchObject({ mode: "flyover", duration: 5, tail_image_url: undefined });
    expect(body.image_url).toEqual(expect.any(String));
    expect(options).toEqual({ idempotencyKey: `studio-${id}` });
    expect(sent).toHaveLength(1);
  });

  it("turns the service's refusal into the studio's error in plain words, and starts nothing", async () => {
    const { ctx, calls, sent } = await contextOver({
      me: account,
      createVideo: () => {
        throw refusal("plan_required", 403, "POST /video needs the premium plan");
      },
    });
    const error = await startVideo(ctx, videoInput()).then(
      () => expect.unreachable("the refusal should reach the caller"),
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).not.toBeInstanceOf(AtriumApiError);
    expect((error as AppError).code).toBe("plan_required");
    expect((error as AppError).message).toMatch(/Premium or Business plan/);
    expect(calls.map((call) => call.operation)).toEqual(["me", "createVideo"]);
    expect(sent).toEqual([]);
  });
});
