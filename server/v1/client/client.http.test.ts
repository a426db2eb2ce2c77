/**
 * The typed client against the real route handlers over HTTP: parsed answers, the
 * Link-header cursor, Idempotency-Key, and V1ApiError for legacy and envelope errors,
 * unreachable servers and answers outside the contract.
 */
import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { v1Functions } from "@/inngest/functions/v1";
import { setProvidersForTesting } from "@/server/providers";
import { ProviderError } from "@/server/providers/types";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";
import { createV1Client } from "./create-v1-client";
import { V1ApiError } from "./v1-api-error";
import { useAppStack } from "@/test/app-stack";

const stack = useAppStack({ functions: v1Functions, fixtures: true });
let sourceUrl: string;

beforeAll(async () => {
  sourceUrl = stack.fixtures.serve("/room.jpg", await roomPhoto(160, 120));
});

const clientFor = (apiKey: string) => createV1Client({ baseUrl: `${stack.app.url}/api/v1/`, apiKey });

async function rejection(promise: Promise<unknown>): Promise<V1ApiError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(V1ApiError);
  return error as V1ApiError;
}

const staging = () => ({ source_url: sourceUrl, room_type: "Living Room", redesign_type: "virtual staging", style: "Scandinavian", fast: true });

describe("createV1Client", () => {
  it("reads /me as parsed numbers, with the balance and plan of its headers (D14)", async () => {
    const { apiKey } = await makeAccount({ plan: "premium", quota: 37, credits: 12 });
    expect(await clientFor(apiKey).me()).toEqual({ api_monthly_quota: 37, api_total_completed: 0, api_completed_month: 0, creditBalance: 12, plan: "premium" });
  });

  it("creates jobs (replaying an Idempotency-Key), pages /jobs by the Link cursor, reads and deletes a group", async () => {
    const { apiKey } = await makeAccount({ plan: "business" });
    const client = clientFor(apiKey);
    const first = await client.createJob(staging(), { idempotencyKey: "client-test-1" });
    expect(await client.createJob(staging(), { idempotencyKey: "client-test-1" })).toEqual(first);
    const second = await client.createJob(staging());
    expect(second.jobId).not.toBe(first.jobId);
    expect((await client.me()).api_completed_month).toBe(2);

    const page1 = await client.listJobs({ limit: 1 });
    expect(page1.data.map((job) => job.id)).toEqual([second.jobId]);
    expect(page1.next).toEqual(expect.any(String));
    const page2 = await client.listJobs({ limit: 1, cursor: page1.next! });
    expect(page2).toEqual({ data: [expect.objectContaining({ id: first.jobId, room_type: "living_room", style: "scandinavian" })], next: null });

    expect(["processing", "completed"]).toContain((await client.getJob(first.jobId)).status);
    expect(await client.deleteJob({ jobId: first.jobId })).toEqual({ message: `Job ${first.jobId} deleted` });
    const gone = await rejection(client.getJob(first.jobId));
    expect([gone.status, gone.code]).toEqual([404, "not_found"]);
  });

  it("maps legacy error bodies: 401, 403, 404 and 400 with field details", async () => {
    const { apiKey } = await makeAccount();
    const missing = await rejection(clientFor("").me());
    expect([missing.status, missing.code]).toEqual([401, "missing_api_key"]);
    const invalid = await rejection(clientFor("idk_not-a-real-key").listJobs());
    expect([invalid.status, invalid.code, invalid.envelope]).toEqual([403, "invalid_api_key", null]);
    expect(invalid.body).toEqual({ error: invalid.message, code: "invalid_api_key" });
    const unknown = await rejection(clientFor(apiKey).deleteJob({ jobId: "no-such-group" }));
    expect([unknown.status, unknown.code]).toEqual([404, "not_found"]);
    const bad = await rejection(clientFor(apiKey).createJob({ ...staging(), room_type: "garage" }));
    expect([bad.status, bad.code]).toEqual([400, "invalid_request"]);
    expect(JSON.stringify(bad.details)).toContain("room_type");
  });

  it("maps envelope errors, keeping the envelope: a 402 refusal and a synchronous 502 after a refund", async () => {
    const poor = await makeAccount({ credits: 0 });
    const refused = await rejection(clientFor(poor.apiKey).upscale({ image_url: sourceUrl }));
    expect([refused.status, refused.code]).toEqual([402, "insufficient_credits"]);
    expect(refused.envelope).toMatchObject({ job_id: null, status: "failed", result: null, credits_charged: null });

    setProvidersForTesting({
      upscale: { name: "down", upscale: async () => Promise.reject(new ProviderError("The upscaler is down.", { transient: false })) },
    });
    try {
      const { apiKey } = await makeAccount({ credits: 10 });
      const failed = await rejection(clientFor(apiKey).upscale({ image_url: sourceUrl }));
      expect([failed.status, failed.code]).toEqual([502, "provider_error"]);
      expect(failed.envelope).toMatchObject({ job_id: expect.any(String), status: "failed", credits_charged: 0 });
    } finally {
      setProvidersForTesting(null);
    }
  });

  it("parses a completed synchronous envelope", async () => {
    const { apiKey } = await makeAccount({ credits: 10 });
    const done = await clientFor(apiKey).upscale({ image_url: sourceUrl });
    expect(done).toMatchObject({ status: "completed", credits_charged: 2, error: null });
    expect(done.result?.output_urls).toHaveLength(1);
  });

  it("reports an unreachable service as v1_unavailable and a foreign answer as unexpected_response", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const down = await rejection(createV1Client({ baseUrl: `http://127.0.0.1:${closedPort}/api/v1`, apiKey: "idk_x" }).me());
    expect(down.code).toBe("v1_unavailable");

    const foreign = await rejection(createV1Client({ baseUrl: stack.fixtures.url("/not-an-api"), apiKey: "idk_x" }).me());
    expect([foreign.status, foreign.code, foreign.body]).toEqual([404, "unexpected_response", "not found"]);
  });
});
