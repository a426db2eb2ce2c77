/**
 * Free credits without limit: every sign-up used to get a business account with starter
 * credits on each workspace it created. Now only a confirmed email earns them, once.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { workspaces } from "@/db/schema/studio";
import { env } from "@/env";
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

describe("starter credits", () => {
  it("go to a confirmed person's first workspace only", async () => {
    expect(env.STUDIO_STARTER_CREDITS).toBeGreaterThan(0);
    const person = await newPerson("Confirmed");
    const first = await person.api.workspaces.create({ name: "First Realty" });
    const second = await person.api.workspaces.create({ name: "Second Realty" });
    expect([await balance(first.id), await balance(second.id)]).toEqual([env.STUDIO_STARTER_CREDITS, 0]);
  });

  it("wait for an unconfirmed sign-up to confirm, then go to the oldest workspace it owns, once", async () => {
    const person = await newPerson("Unconfirmed", { confirmed: false });
    const first = await person.api.workspaces.create({ name: "Throwaway One" });
    const second = await person.api.workspaces.create({ name: "Throwaway Two" });
    expect([await balance(first.id), await balance(second.id)]).toEqual([0, 0]);
    // What the studio's reminder tells them.
    expect(await person.api.auth.emailStatus()).toMatchObject({ verified: false, starterCreditsWaiting: env.STUDIO_STARTER_CREDITS });

    const token = await issueEmailToken(await createStudioContext(), {
      userId: person.user.id,
      email: person.user.email,
      purpose: "verify_email",
    });
    await (await callerFor(null)).auth.verifyEmail({ token });
    expect([await balance(first.id), await balance(second.id)]).toEqual([env.STUDIO_STARTER_CREDITS, 0]);

    const third = await person.api.workspaces.create({ name: "Throwaway Three" });
    expect(await balance(third.id)).toBe(0);
    expect(await person.api.auth.emailStatus()).toMatchObject({ verified: true, starterCreditsWaiting: 0 });
  });

  it("come with a password reset, which proves the address too, on a workspace made after it (account-reclaim.test.ts)", async () => {
    const person = await newPerson("Resetting", { confirmed: false });
    const before = await person.api.workspaces.create({ name: "Reset Realty" });
    const token = await issueEmailToken(await createStudioContext(), {
      userId: person.user.id,
      email: person.user.email,
      purpose: "reset_password",
    });
    await (await callerFor(null)).auth.resetPassword({ token, password: "a brand new passphrase 2026" });
    // Made by whoever held the password before the address was proven.
    expect(await balance(before.id)).toBe(0);
    expect(await person.api.auth.emailStatus()).toMatchObject({ verified: true });
    const after = await person.api.workspaces.create({ name: "Reclaimed Realty" });
    expect(await balance(after.id)).toBe(env.STUDIO_STARTER_CREDITS);
  });
});
