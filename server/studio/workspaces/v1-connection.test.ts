/**
 * The workspace's v1 connection. SSRF with the workspace key (security finding 1): the
 * studio sends a workspace's key only to the deployment's v1 address, through the guarded
 * fetcher, never following a redirect. Pasted keys (round 3, M1): no member can set the
 * workspace's key or address, so the workspace's work always runs on its own provisioned
 * account; workspaces left on a pasted key are put back on it.
 */
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { accounts, apiKeys } from "@/db/schema/v1";
import { workspaces } from "@/db/schema/studio";
import { auditEvents } from "@/db/schema/studio-audit";
import { env, parseEnv, SettingsError } from "@/env";
import { encryptSecret } from "@/server/crypto/secret-box";
import { startCountingServer, type CountingServer } from "@/test/counting-server";
import { callerFor, newPerson } from "@/test/callers";
import { AtriumApiError } from "@atrium/sdk";
import { authenticateKey } from "@/server/v1/services/keys/authenticate-key";
import { makeAccount } from "@/test/fixtures";
import { startAppServer, type AppServer } from "@/test/app-server";
import { createStudioContext, type StudioContext } from "../context";
import { v1Gateway } from "../v1-gateway";
import { getWorkspaceV1Connection } from "./get-v1-connection";
import { restoreProvisionedKeys } from "./restore-provisioned-keys";

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

const ownAddress = env.V1_BASE_URL;

beforeAll(async () => {
  app = await startAppServer();
  trap = await startCountingServer();
  relay = await startCountingServer();
  // The operator's address answers with a redirect to the trap: the key must not follow.
  relay.route("/api/v1/me", (_, res) => res.writeHead(302, { location: `http://127.0.0.1:${trap.port}/api/v1/me` }).end());
  owner = await newPerson("Ingrid");
  workspaceId = (await owner.api.workspaces.create({ name: "Loopback Realty" })).id;
  ctx = await createStudioContext();
});

afterAll(async () => {
  await Promise.all([app?.close(), trap?.close(), relay?.close()]);
  await closeDb();
});

beforeEach(() => {
  trap.reset();
  relay.reset();
});

afterEach(() => {
  env.V1_BASE_URL = ownAddress;
});

async function accountOf(id: string) {
  const [row] = await (await getDb()).select({ accountId: workspaces.v1AccountId }).from(workspaces).where(eq(workspaces.id, id));
  return row.accountId;
}

describe("the workspace's v1 address", () => {
  it("reaches the deployment's own address (loopback here) with the provisioned key", async () => {
    const me = await (await v1Gateway.rawForWorkspace(workspaceId)).me();
    expect(me.api_monthly_quota).toBeGreaterThan(0);
  });

  it("follows no redirect from the operator's address, so the key never reaches where it points", async () => {
    env.V1_BASE_URL = `http://127.0.0.1:${relay.port}/api/v1`;
    const error = await failure((await v1Gateway.rawForWorkspace(workspaceId)).me());
    expect(error).toBeInstanceOf(AtriumApiError);
    expect(relay.requests).toEqual(["/api/v1/me"]);
    expect(trap.connections).toBe(0);
  });
});

describe("no pasted keys (M1)", () => {
  it("gives no member a way to set the workspace's key or address", async () => {
    // The procedure that took a pasted key and address is gone (a caller answers NOT_FOUND for an unknown path).
    const procedures = owner.api.workspaces as unknown as Record<string, (input: unknown) => Promise<unknown>>;
    const pasting = await failure(procedures.setConnection({ workspaceId, apiKey: (await makeAccount()).apiKey }));
    expect((pasting as TRPCError).code).toBe("NOT_FOUND");
    const summary = await owner.api.workspaces.connection({ workspaceId });
    // The embedded default's loopback address is not shown to customers.
    expect(summary).toEqual({ baseUrl: null, keyPrefix: expect.stringMatching(/^idk_/), provisioned: true });
  });

  it("keeps the workspace's work on its own account, which a removed admin holds no key of", async () => {
    const admin = await newPerson("Mallory");
    await admin.api.invitations.accept({ token: (await owner.api.invitations.create({ workspaceId, role: "admin" })).token });
    const { apiKey } = await getWorkspaceV1Connection(workspaceId);
    expect((await authenticateKey(await getDb(), apiKey))?.account.id).toBe(await accountOf(workspaceId));
    await owner.api.members.remove({ workspaceId, userId: admin.user.id });
    const stale = await callerFor(admin.user);
    expect(((await failure(stale.workspaces.connection({ workspaceId }))) as TRPCError).code).toBe("NOT_FOUND");
  });

  it("refuses the operator setting that let workspaces choose among addresses", () => {
    expect(() => parseEnv({ STUDIO_V1_BASE_URLS: "https://a.example/api/v1" })).toThrow(/STUDIO_V1_BASE_URLS/);
    expect(() => parseEnv({ V1_API_KEY: "idk_shared" })).toThrow(SettingsError);
    expect(() => parseEnv({ V1_API_KEY: "idk_shared" })).toThrow(/V1_API_KEY/);
  });
});

describe("workspaces left on a pasted key", () => {
  /** What pasting did before the fix: the account id cleared, the admin's own key stored over the provisioned one. */
  async function pasteOwnKey(id: string) {
    const pasted = await makeAccount({ credits: 3 });
    await (
      await getDb()
    )
      .update(workspaces)
      .set({ v1AccountId: null, v1ApiKeyEncrypted: encryptSecret(pasted.apiKey), v1ApiKeyPrefix: "idk_pasted…" })
      .where(eq(workspaces.id, id));
    return pasted;
  }

  it("go back to their own provisioned account, credits and all, with a fresh key; the old keys and the pasted one are out", async () => {
    const person = await newPerson("Renata");
    const id = (await person.api.workspaces.create({ name: "Stranded Credits Realty" })).id;
    const provisioned = (await accountOf(id))!;
    const { apiKey: firstKey } = await getWorkspaceV1Connection(id);
    const pasted = await pasteOwnKey(id);

    const outcomes = await restoreProvisionedKeys(ctx);
    expect(outcomes).toContainEqual({ workspaceId: id, account: "recovered" });

    const db = await getDb();
    expect(await accountOf(id)).toBe(provisioned);
    const { apiKey } = await getWorkspaceV1Connection(id);
    expect(apiKey).not.toBe(pasted.apiKey);
    expect((await authenticateKey(db, apiKey))?.account.id).toBe(provisioned);
    const [account] = await db.select({ balance: accounts.creditBalance }).from(accounts).where(eq(accounts.id, provisioned));
    expect(account.balance).toBe(env.STUDIO_STARTER_CREDITS);
    // Nobody can hold the provisioned account's old key any more: it is revoked.
    expect(await authenticateKey(db, firstKey)).toBeNull();
    // The pasted key belongs to its owner's account: forgotten here, not revoked.
    expect((await authenticateKey(db, pasted.apiKey))?.account.id).toBe(pasted.accountId);
    const events = await db.select().from(auditEvents).where(eq(auditEvents.workspaceId, id));
    expect(events.map((e) => [e.action, e.detail])).toContainEqual(["service_key_restored", { account: "recovered" }]);

    // Once is enough: a second start changes nothing.
    expect((await restoreProvisionedKeys(ctx)).map((o) => o.workspaceId)).not.toContain(id);
    expect((await getWorkspaceV1Connection(id)).apiKey).toBe(apiKey);
  });

  it("get an account of their own when theirs cannot be found", async () => {
    const person = await newPerson("Sven");
    const id = (await person.api.workspaces.create({ name: "Orphaned Realty" })).id;
    const lost = (await accountOf(id))!;
    const pasted = await pasteOwnKey(id);
    const db = await getDb();
    // An account whose making left no trace to find it by.
    await db.update(accounts).set({ name: "renamed by the operator" }).where(eq(accounts.id, lost));

    expect(await restoreProvisionedKeys(ctx)).toContainEqual({ workspaceId: id, account: "new" });
    const own = await accountOf(id);
    expect(own).not.toBe(lost);
    const { apiKey } = await getWorkspaceV1Connection(id);
    expect((await authenticateKey(db, apiKey))?.account.id).toBe(own);
    expect(apiKey).not.toBe(pasted.apiKey);
    expect((await db.select().from(apiKeys).where(eq(apiKeys.accountId, own!))).length).toBe(1);
  });
});
