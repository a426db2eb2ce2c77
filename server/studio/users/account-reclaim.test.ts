/**
 * Pre-hijack through the password flow (round 3, L5): someone signs up with a victim's
 * address (never confirming it), builds a workspace with it, and makes a second account
 * of theirs its co-owner. When the address's owner claims the account back with a
 * password reset, the attacker's co-owner must not stay in the workspace, and the
 * victim's starter credits must not land where the attacker can spend them. Nor may the
 * API keys either of them made keep working (round 4, N1: the same rule as a removal).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { members, workspaces } from "@/db/schema/studio";
import { auditEvents } from "@/db/schema/studio-audit";
import { env } from "@/env";
import { authenticateKey } from "@/server/v1/services/keys/authenticate-key";
import { callerFor, newPerson } from "@/test/callers";
import { createStudioContext } from "../context";
import { issueEmailToken } from "./email-tokens";

afterAll(closeDb);

async function balance(workspaceId: string): Promise<number> {
  const db = await getDb();
  const [workspace] = await db.select({ accountId: workspaces.v1AccountId }).from(workspaces).where(eq(workspaces.id, workspaceId));
  const [row] = await db.execute<{ b: number }>(sql`select credit_balance as b from v1.accounts where id = ${workspace.accountId}`);
  return Number(row.b);
}

async function memberRoles(workspaceId: string) {
  const rows = await (
    await getDb()
  )
    .select({ userId: members.userId, role: members.role })
    .from(members)
    .where(eq(members.workspaceId, workspaceId));
  return Object.fromEntries(rows.map((row) => [row.userId, row.role]));
}

describe("an account claimed back by its address's owner", () => {
  it("loses the co-owners and invitations its maker set up, and the starter credits wait for a workspace the owner makes", async () => {
    // The attacker, holding the password of an account in the victim's name.
    const squatted = await newPerson("Victim", { confirmed: false });
    const accomplice = await newPerson("Accomplice");
    const bystander = await newPerson("Bystander");
    const built = (await squatted.api.workspaces.create({ name: "Victim Homes" })).id;
    await accomplice.api.invitations.accept({
      token: (await squatted.api.invitations.create({ workspaceId: built, role: "admin" })).token,
    });
    await squatted.api.members.changeRole({ workspaceId: built, userId: accomplice.user.id, role: "owner" });
    // The attacker even steps the squatted account down to admin.
    await accomplice.api.members.changeRole({ workspaceId: built, userId: squatted.user.id, role: "admin" });
    await squatted.api.invitations.create({ workspaceId: built, role: "agent", email: "later@example.test" });
    const squattersKey = await squatted.api.developers.createKey({ workspaceId: built, name: "Squatter", scope: "full" });
    const accomplicesKey = await accomplice.api.developers.createKey({ workspaceId: built, name: "Accomplice", scope: "full" });
    // A workspace the attacker's own account made, which the squatted account joined (before
    // joining needed a confirmed address, round 4 N3): not the victim's to clean.
    const theirs = (await bystander.api.workspaces.create({ name: "Bystander Homes" })).id;
    await (await getDb()).insert(members).values({ workspaceId: theirs, userId: squatted.user.id, role: "agent" });

    // The address's owner resets the password from the mailed link.
    const token = await issueEmailToken(await createStudioContext(), {
      userId: squatted.user.id,
      email: squatted.user.email,
      purpose: "reset_password",
    });
    await (await callerFor(null, undefined, "192.0.2.77")).auth.resetPassword({ token, password: "my own passphrase, at last" });

    expect(await memberRoles(built)).toEqual({ [squatted.user.id]: "owner" });
    for (const key of [squattersKey, accomplicesKey]) expect(await authenticateKey(await getDb(), key.apiKey), key.prefix).toBeNull();
    expect(await squatted.api.invitations.list({ workspaceId: built })).toEqual([]);
    expect(await memberRoles(theirs)).toEqual({ [bystander.user.id]: "owner", [squatted.user.id]: "agent" });
    expect(await balance(built)).toBe(0);
    const own = (await squatted.api.workspaces.create({ name: "Truly Mine Realty" })).id;
    expect(await balance(own)).toBe(env.STUDIO_STARTER_CREDITS);

    const log = await (await getDb()).select().from(auditEvents).where(eq(auditEvents.workspaceId, built)).orderBy(auditEvents.id);
    const review = log.filter((event) => event.detail.reason === "account_reclaimed" || event.action === "account_reclaimed");
    expect(review.map((event) => [event.action, event.target, event.ip])).toEqual([
      ["member_removed", accomplice.user.email, "192.0.2.77"],
      ["api_key_revoked", `Squatter (${squattersKey.prefix}…)`, "192.0.2.77"],
      ["api_key_revoked", `Accomplice (${accomplicesKey.prefix}…)`, "192.0.2.77"],
      ["invitation_revoked", "later@example.test", "192.0.2.77"],
      ["account_reclaimed", squatted.user.email, "192.0.2.77"],
    ]);
  });

  it("changes nothing for an account whose address was confirmed before", async () => {
    const person = await newPerson("Settled");
    const colleague = await newPerson("Colleague");
    const id = (await person.api.workspaces.create({ name: "Settled Homes" })).id;
    await colleague.api.invitations.accept({ token: (await person.api.invitations.create({ workspaceId: id, role: "admin" })).token });
    const token = await issueEmailToken(await createStudioContext(), {
      userId: person.user.id,
      email: person.user.email,
      purpose: "reset_password",
    });
    await (await callerFor(null)).auth.resetPassword({ token, password: "a fresh passphrase 2026" });
    expect(await memberRoles(id)).toEqual({ [person.user.id]: "owner", [colleague.user.id]: "admin" });
  });
});
