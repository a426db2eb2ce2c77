/**
 * SSRF with the workspace key (security finding 1): the studio sends a workspace's v1 key
 * only to an address the operator allows, through the guarded fetcher, never following a
 * redirect; a listener on loopback that a workspace admin names receives nothing.
 */
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { workspaces } from "@/db/schema/studio";
import { env, parseEnv, SettingsError } from "@/env";
import { AppError } from "@/server/errors";
import { startCountingServer, type CountingServer } from "@/test/counting-server";
import { callerFor, newPerson } from "@/test/callers";
import { V1ApiError } from "@/server/v1/client/v1-api-error";
import { startAppServer, type AppServer } from "@/test/app-server";
import { createStudioContext, type StudioContext } from "../context";
import { accountQuota } from "../usage/account-quota";
import { v1Gateway } from "../v1-gateway";

let app: AppServer;
let trap: CountingServer;
let relay: CountingServer;
let owner: Awaited<ReturnType<typeof newPerson>>;
let workspaceId: string;
let ctx: StudioContext;

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("the call should have been refused"),
    (error: unknown) => error,
  );
}

beforeAll(async () => {
  app = await startAppServer();
  trap = await startCountingServer();
  relay = await startCountingServer();
  // An allowed address that answers with a redirect to the trap: the key must not follow.
  relay.route("/api/v1/me", (_, res) => res.writeHead(302, { location: `http://127.0.0.1:${trap.port}/api/v1/me` }).end());
  owner = await newPerson("Ingrid");
  workspaceId = (await owner.api.workspaces.create({ name: "Loopback Realty" })).id;
  ctx = await createStudioContext();
});

afterAll(async () => {
  env.STUDIO_V1_BASE_URLS = [];
  await Promise.all([app?.close(), trap?.close(), relay?.close()]);
  await closeDb();
});

beforeEach(async () => {
  trap.reset();
  relay.reset();
  env.STUDIO_V1_BASE_URLS = [];
  await (await getDb()).update(workspaces).set({ v1BaseUrl: null }).where(eq(workspaces.id, workspaceId));
});

const trapUrl = () => `http://127.0.0.1:${trap.port}/api/v1`;

describe("the workspace's v1 address", () => {
  it("reaches the deployment's own address (loopback here) with the provisioned key", async () => {
    const me = await (await v1Gateway.rawForWorkspace(workspaceId)).me();
    expect(me.api_monthly_quota).toBeGreaterThan(0);
  });

  it.each([
    ["loopback", () => trapUrl()],
    ["localhost", () => `http://localhost:${trap.port}/api/v1`],
    ["the metadata address", () => "http://169.254.169.254/latest"],
    ["a public host", () => "https://images.example.com/api/v1"],
  ])("refuses %s typed in by a workspace admin, and the listener hears nothing", async (_, url) => {
    const error = await failure(owner.api.workspaces.setConnection({ workspaceId, baseUrl: url() }));
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
    expect((await owner.api.workspaces.connection({ workspaceId })).usesDefaultBaseUrl).toBe(true);
    await accountQuota(ctx, { workspaceId });
    expect(trap.connections).toBe(0);
  });

  it("never sends the key to an address stored before addresses were restricted", async () => {
    await (await getDb()).update(workspaces).set({ v1BaseUrl: trapUrl() }).where(eq(workspaces.id, workspaceId));
    const error = await failure(v1Gateway.rawForWorkspace(workspaceId));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("v1_unavailable");
    const quota = await accountQuota(ctx, { workspaceId });
    expect(quota.ok).toBe(false);
    expect(await owner.api.workspaces.connection({ workspaceId })).toMatchObject({ baseUrlAllowed: false });
    expect(trap.connections).toBe(0);
    // An admin can reset it to the default and work again.
    await owner.api.workspaces.setConnection({ workspaceId, baseUrl: null });
    expect((await accountQuota(ctx, { workspaceId })).ok).toBe(true);
  });

  it("lets an admin choose an address the operator allows, and follows no redirect from it", async () => {
    env.STUDIO_V1_BASE_URLS = [`http://127.0.0.1:${relay.port}/api/v1`];
    await owner.api.workspaces.setConnection({ workspaceId, baseUrl: `http://127.0.0.1:${relay.port}/api/v1/` });
    expect(await owner.api.workspaces.connection({ workspaceId })).toMatchObject({ usesDefaultBaseUrl: false, baseUrlAllowed: true });
    const error = await failure((await v1Gateway.rawForWorkspace(workspaceId)).me());
    expect(error).toBeInstanceOf(V1ApiError);
    expect(relay.requests).toEqual(["/api/v1/me"]);
    expect(trap.connections).toBe(0);
  });

  it("does not let an allowed host's other ports through", async () => {
    env.STUDIO_V1_BASE_URLS = [`http://127.0.0.1:${relay.port}/api/v1`];
    const error = await failure(owner.api.workspaces.setConnection({ workspaceId, baseUrl: trapUrl() }));
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
    expect(trap.connections).toBe(0);
  });

  it("ends a removed admin's access to the connection", async () => {
    const admin = await newPerson("Mallory");
    await admin.api.invitations.accept({ token: (await owner.api.invitations.create({ workspaceId, role: "admin" })).token });
    expect((await admin.api.workspaces.connection({ workspaceId })).keySource).toBe("workspace");
    await owner.api.members.remove({ workspaceId, userId: admin.user.id });
    const stale = await callerFor(admin.user);
    // Each call starts only when awaited: a rejection left waiting in an array is unhandled.
    for (const call of [() => stale.workspaces.connection({ workspaceId }), () => stale.workspaces.setConnection({ workspaceId, baseUrl: null })]) {
      expect(((await failure(call())) as TRPCError).code).toBe("NOT_FOUND");
    }
  });
});

describe("settings", () => {
  it("refuses a V1_API_KEY shared by every workspace", () => {
    expect(() => parseEnv({ V1_API_KEY: "idk_shared" })).toThrow(SettingsError);
    expect(() => parseEnv({ V1_API_KEY: "idk_shared" })).toThrow(/V1_API_KEY/);
  });

  it("accepts only http(s) URLs as allowed v1 addresses", () => {
    expect(parseEnv({ STUDIO_V1_BASE_URLS: "https://a.example/api/v1, http://b.example:8080/api/v1" }).STUDIO_V1_BASE_URLS).toHaveLength(2);
    expect(() => parseEnv({ STUDIO_V1_BASE_URLS: "file:///etc/passwd" })).toThrow(/STUDIO_V1_BASE_URLS/);
  });
});
