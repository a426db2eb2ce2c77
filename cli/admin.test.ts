/**
 * The admin command line (D1) run as a process, as an operator runs it, against the
 * test database: every command, --json output, and clear refusals. Members removed or made
 * agents here settle what they hold as in the studio (round 4, N1).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { authenticateKey } from "@/server/v1/services/keys/authenticate-key";
import { newPerson } from "@/test/callers";

const run = promisify(execFile);
// Each command is a fresh Node process compiling TypeScript (tsx): seconds apiece on a busy
// 2-core machine, so the guard against a hung test is sized for fifteen of them in a row.
const SPAWNING_TEST_TIMEOUT_MS = 400_000;

async function admin(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "cli/index.ts", ...args], { env: process.env });
    return { code: 0, out: stdout.trim(), err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout.trim(), err: failed.stderr };
  }
}

const json = (out: string) => JSON.parse(out.split("\n").at(-1)!);

afterAll(closeDb);

describe("npm run admin", () => {
  it("manages an account, its credits, plan, keys and webhook", { timeout: SPAWNING_TEST_TIMEOUT_MS }, async () => {
    const created = json(
      (await admin("account", "create", "--name", "Bay Realty", "--plan", "free", "--credits", "25", "--quota", "40", "--json")).out,
    );
    expect(created.account_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.api_key).toMatch(/^idk_[0-9A-Za-z]{40}$/);
    const id = created.account_id;

    expect(json((await admin("account", "credits", "--account", id, "--add", "-5", "--json")).out)).toEqual({ balance: 20 });
    const shown = json((await admin("account", "plan", "--account", id, "--plan", "premium", "--json")).out);
    expect(shown).toMatchObject({ plan: "premium", balance: 20, monthly_quota: 40 });
    expect(JSON.stringify(shown)).not.toContain(created.api_key);

    const key = json((await admin("key", "create", "--account", id, "--json")).out);
    expect(key.api_key).not.toBe(created.api_key);
    expect(json((await admin("key", "revoke", "--key-prefix", key.prefix, "--json")).out)).toEqual({ revoked: key.prefix });
    const reader = json((await admin("key", "create", "--account", id, "--name", "Reports", "--scope", "read_only", "--json")).out);
    const keys = json((await admin("account", "show", "--account", id, "--json")).out).keys;
    expect(keys.filter((k: { revoked_at: string | null }) => k.revoked_at)).toHaveLength(1);
    expect(keys.find((k: { prefix: string }) => k.prefix === reader.prefix)).toMatchObject({ name: "Reports", scope: "read_only" });

    // `webhook set` keeps its one-endpoint meaning; `add` puts more beside it (D16).
    const hook = json(
      (await admin("webhook", "set", "--account", id, "--url", `http://127.0.0.1:${process.env.FIXTURE_PORT}/hook`, "--json")).out,
    );
    expect(hook.secret).toMatch(/^whsec_/);
    const more = json(
      (
        await admin(
          "webhook",
          "add",
          "--account",
          id,
          "--url",
          `http://127.0.0.1:${process.env.FIXTURE_PORT}/more`,
          "--events",
          "job.failed",
          "--json",
        )
      ).out,
    );
    const listed = json((await admin("webhook", "list", "--account", id, "--json")).out).endpoints;
    expect(listed.map((e: { url: string; eventTypes: string[] }) => [e.url.split("/").pop(), e.eventTypes])).toEqual([
      ["hook", ["job.completed", "job.failed"]],
      ["more", ["job.failed"]],
    ]);
    expect(JSON.stringify(listed)).not.toContain(hook.secret);
    expect(json((await admin("webhook", "remove", "--account", id, "--endpoint", more.endpoint_id, "--json")).out)).toEqual({ removed: 1 });
    expect(
      json((await admin("webhook", "set", "--account", id, "--url", `http://127.0.0.1:${process.env.FIXTURE_PORT}/other`, "--json")).out)
        .secret,
    ).not.toBe(hook.secret);
    expect(json((await admin("webhook", "remove", "--account", id, "--json")).out)).toEqual({ removed: 1 });
  });

  it("refuses bad arguments with a message and exit code 1", { timeout: SPAWNING_TEST_TIMEOUT_MS }, async () => {
    const cases: [string[], RegExp][] = [
      [["account", "create", "--name", "X", "--plan", "gold"], /plan must be one of free, premium, business/],
      [["account", "create", "--plan", "free"], /--name is required/],
      [["account", "credits", "--account", "not-a-uuid", "--add", "5"], /not a valid id/],
      [["account", "credits", "--account", "00000000-0000-4000-8000-000000000000", "--add", "5"], /No such account/],
      [["account", "create", "--name", "X", "--plan", "free", "--credits", "ten"], /--credits must be a whole number/],
      [["key", "revoke", "--key-prefix", "idk_nothing"], /No live key has this prefix/],
      [
        ["key", "create", "--account", "00000000-0000-4000-8000-000000000000", "--scope", "admin"],
        /--scope must be one of full, read_only/,
      ],
      [["webhook", "set", "--account", "00000000-0000-4000-8000-000000000000", "--url", "http://10.0.0.1/hook"], /.+/],
      [["teleport"], /Unknown command/],
    ];
    const results = await Promise.all(cases.map(([args]) => admin(...args)));
    for (const [i, [args, message]] of cases.entries()) {
      const result = results[i];
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.err).toMatch(message);
      expect(result.err).not.toMatch(/\n\s+at /);
    }
  });
});

describe("npm run admin, members", () => {
  it(
    "removes a member or makes one an agent: their keys revoked, or handed to the owner named; every key shows its maker",
    { timeout: SPAWNING_TEST_TIMEOUT_MS },
    async () => {
      const owner = await newPerson("Cli Owner");
      const [leaving, staying] = await Promise.all([newPerson("Cli Leaving"), newPerson("Cli Staying")]);
      const workspace = await owner.api.workspaces.create({ name: "Command Line Realty" });
      for (const person of [leaving, staying]) {
        await person.api.invitations.accept({
          token: (await owner.api.invitations.create({ workspaceId: workspace.id, role: "admin" })).token,
        });
      }
      const leavingKey = await leaving.api.developers.createKey({ workspaceId: workspace.id, name: "Leaving CRM", scope: "full" });
      const stayingKey = await staying.api.developers.createKey({ workspaceId: workspace.id, name: "Staying CRM", scope: "full" });
      const db = await getDb();
      const works = async (apiKey: string) => (await authenticateKey(db, apiKey)) !== null;

      const removed = await admin("member", "remove", "--workspace", workspace.slug, "--email", leaving.user.email, "--json");
      expect(json(removed.out)).toEqual({ removed: leaving.user.email, keys_and_endpoints: "revoked" });
      expect(await works(leavingKey.apiKey)).toBe(false);

      const toThemselves = await admin(
        "member",
        "role",
        "--workspace",
        workspace.slug,
        "--email",
        staying.user.email,
        "--role",
        "agent",
        "--hand-over-to",
        staying.user.email,
      );
      expect([toThemselves.code, toThemselves.err]).toEqual([1, expect.stringMatching(/cannot be handed to yourself/)]);
      const demoted = await admin(
        "member",
        "role",
        "--workspace",
        workspace.slug,
        "--email",
        staying.user.email,
        "--role",
        "agent",
        "--hand-over-to",
        owner.user.email,
        "--json",
      );
      expect(json(demoted.out)).toEqual({
        member: staying.user.email,
        role: "agent",
        keys_and_endpoints: `handed over to ${owner.user.email}`,
      });
      expect(await works(stayingKey.apiKey)).toBe(true);

      const listed = json((await admin("key", "list", "--workspace", workspace.slug, "--json")).out).keys;
      expect(listed.find((key: { id: string }) => key.id === stayingKey.id)).toMatchObject({
        createdBy: "Cli Staying",
        heldBy: "Cli Owner",
      });
      expect(listed.map((key: { id: string }) => key.id)).not.toContain(leavingKey.id);
      const members = json((await admin("member", "list", "--workspace", workspace.slug, "--json")).out).members;
      expect(members.map((member: { email: string; role: string }) => [member.email, member.role])).toEqual([
        [owner.user.email, "owner"],
        [staying.user.email, "agent"],
      ]);
      const missing = await admin("member", "remove", "--workspace", workspace.slug, "--email", "nobody@example.test");
      expect([missing.code, missing.err]).toEqual([1, expect.stringMatching(/nobody@example.test is not a member of this workspace/)]);
    },
  );
});
