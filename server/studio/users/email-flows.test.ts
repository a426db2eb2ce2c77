import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { users } from "@/db/schema/studio";
import { emailTokens } from "@/db/schema/studio-email";
import { listOutbox } from "@/server/email/list-outbox";
import { createStudioContext } from "@/server/studio/context";
import { callerFor, codeOf, newPerson } from "@/test/callers";
import type { TestExecutor } from "@/test/executor";
import { accountMailSettled, startAccountMail } from "@/test/account-mail";
import { verifyCredentials } from "./verify-credentials";

let mail: TestExecutor;
beforeAll(async () => {
  mail = await startAccountMail();
});
afterAll(async () => {
  await mail?.stop();
  await closeDb();
});

let counter = 0;
const address = (name: string) => `${name}-${Date.now()}-${counter++}@example.test`;

/** Someone signed out, from a network of their own (mail requests are limited per client address). */
const anonymousCaller = () => callerFor(null, undefined, `198.51.100.${counter++ % 250}`);

/** The token of the newest link to `path` mailed to `to`. */
async function mailedToken(to: string, path: string): Promise<string> {
  await accountMailSettled();
  // Newest first; mail requests are handled side by side, so the newest may be of another kind.
  const message = (await listOutbox({ to })).find((m) => m.text.includes(path)) ?? (await listOutbox({ to }))[0];
  expect(message, `a message to ${to}`).toBeDefined();
  const match = message.text.match(new RegExp(`(https?://[^\\s]+${path.replace("?", "\\?")}[^\\s]*)`));
  expect(match, `a ${path} link in "${message.subject}"`).not.toBeNull();
  const url = new URL(match![1]);
  return url.searchParams.get("token") ?? url.pathname.split("/").pop()!;
}

async function verifiedAt(email: string) {
  const [row] = await (await getDb()).select({ at: users.emailVerifiedAt }).from(users).where(eq(users.email, email));
  return row.at;
}

describe("sign-up verification", () => {
  it("mails a single-use link that confirms the address", async () => {
    const anonymous = await anonymousCaller();
    const email = address("nia");
    expect(await anonymous.auth.signUp({ name: "Nia", email, password: "correct horse battery" })).toEqual({ ok: true });
    expect(await verifiedAt(email)).toBeNull();

    const token = await mailedToken(email, "/verify-email?token=");
    expect(await anonymous.auth.verifyEmail({ token })).toEqual({ email });
    expect(await verifiedAt(email)).toBeInstanceOf(Date);
    // The same link a second time is refused.
    expect(await codeOf(anonymous.auth.verifyEmail({ token }))).toBe("NOT_FOUND");
  });

  it("refuses an expired link and sends a new one on request, not after confirmation", async () => {
    const person = await newPerson("Theo", { confirmed: false });
    expect((await person.api.auth.emailStatus()).verified).toBe(false);
    expect(await person.api.auth.resendVerification()).toEqual({ ok: true });
    const token = await mailedToken(person.user.email, "/verify-email?token=");
    const later = await callerFor(null, { now: () => new Date(Date.now() + 25 * 3600 * 1000) });
    expect(await codeOf(later.auth.verifyEmail({ token }))).toBe("NOT_FOUND");

    await person.api.auth.resendVerification();
    await (await callerFor(null)).auth.verifyEmail({ token: await mailedToken(person.user.email, "/verify-email?token=") });
    expect((await person.api.auth.emailStatus()).verified).toBe(true);
    const mailed = (await listOutbox({ to: person.user.email })).length;
    // The same answer once confirmed, and nothing is sent.
    expect(await person.api.auth.resendVerification()).toEqual({ ok: true });
    await accountMailSettled();
    expect(await listOutbox({ to: person.user.email })).toHaveLength(mailed);
  });
});

describe("password reset", () => {
  it("mails a link that sets a new password once, and confirms the address", async () => {
    const person = await newPerson("Rosa", { confirmed: false });
    const anonymous = await anonymousCaller();
    await anonymous.auth.requestPasswordReset({ email: person.user.email.toUpperCase() });
    const token = await mailedToken(person.user.email, "/reset-password?token=");

    expect(await anonymous.auth.resetPassword({ token, password: "a brand new secret" })).toEqual({ email: person.user.email });
    const ctx = await createStudioContext();
    expect(await verifyCredentials(ctx, { email: person.user.email, password: "a brand new secret" })).not.toBeNull();
    expect(await verifyCredentials(ctx, { email: person.user.email, password: "correct horse battery" })).toBeNull();
    expect(await verifiedAt(person.user.email)).toBeInstanceOf(Date);

    expect(await codeOf(anonymous.auth.resetPassword({ token, password: "yet another secret" }))).toBe("NOT_FOUND");
    expect(await verifyCredentials(ctx, { email: person.user.email, password: "a brand new secret" })).not.toBeNull();
  });

  it("answers the same for an unknown address and sends nothing; one mail a minute per address", async () => {
    const anonymous = await anonymousCaller();
    const nobody = address("nobody");
    expect(await anonymous.auth.requestPasswordReset({ email: nobody })).toEqual({ ok: true });
    await accountMailSettled();
    expect(await listOutbox({ to: nobody })).toEqual([]);

    const person = await newPerson("Ines");
    expect(await anonymous.auth.requestPasswordReset({ email: person.user.email })).toEqual({ ok: true });
    await accountMailSettled();
    await anonymous.auth.requestPasswordReset({ email: person.user.email });
    await accountMailSettled();
    const resets = (await listOutbox({ to: person.user.email })).filter((m) => m.subject.includes("Reset"));
    expect(resets).toHaveLength(1);
  });

  it("refuses a weak password, as sign-up does, and leaves the link working (L2)", async () => {
    const person = await newPerson("Weak");
    const anonymous = await anonymousCaller();
    await anonymous.auth.requestPasswordReset({ email: person.user.email });
    const token = await mailedToken(person.user.email, "/reset-password?token=");
    for (const weak of ["password", "12345678", "weakweak", "P@ssw0rd2024"]) {
      expect(await codeOf(anonymous.auth.resetPassword({ token, password: weak })), weak).toBe("BAD_REQUEST");
    }
    const ctx = await createStudioContext();
    expect(await verifyCredentials(ctx, { email: person.user.email, password: "password" })).toBeNull();
    expect(await anonymous.auth.resetPassword({ token, password: "a brand new secret" })).toEqual({ email: person.user.email });
  });

  it("refuses an expired link", async () => {
    const person = await newPerson("Kofi");
    const anonymous = await anonymousCaller();
    await anonymous.auth.requestPasswordReset({ email: person.user.email });
    const token = await mailedToken(person.user.email, "/reset-password?token=");
    const later = await callerFor(null, { now: () => new Date(Date.now() + 2 * 3600 * 1000) });
    expect(await codeOf(later.auth.resetPassword({ token, password: "a brand new secret" }))).toBe("NOT_FOUND");
    const db = await getDb();
    const rows = await db.select({ usedAt: emailTokens.usedAt }).from(emailTokens).where(eq(emailTokens.email, person.user.email));
    expect(rows.every((r) => r.usedAt === null)).toBe(true);
  });
});

describe("invitation email", () => {
  it("mails the invite link to the address, and the invite shows the address for sign-up", async () => {
    const owner = await newPerson("Olivia");
    const { id: workspaceId } = await owner.api.workspaces.create({ name: "Harbour Realty" });
    const email = address("agent");
    const invitation = await owner.api.invitations.create({ workspaceId, role: "agent", email });
    expect(invitation.emailSent).toBe(true);
    const [message] = await listOutbox({ to: email });
    // Nothing the inviter typed (their name, the workspace's) goes to an address they may not own.
    expect(message.subject).toBe("You are invited to a workspace on Atrium");
    expect(`${message.text}${message.html}`).not.toMatch(/Olivia|Harbour/);
    expect(await mailedToken(email, "/invite/")).toBe(invitation.token);
    expect((await (await callerFor(null)).invitations.preview({ token: invitation.token }))?.email).toBe(email);

    const open = await owner.api.invitations.create({ workspaceId, role: "agent" });
    expect(open.emailSent).toBeNull();
  });
});
