/**
 * Unlimited mail with attacker-chosen text (round 3, M3): resends had no limit and greeted
 * the recipient with any 100-character name; invitations mailed any address again and
 * again with the workspace's name in the subject. Now every mail someone else can cause
 * (confirmations, sign-up notes, resets, invitations) shares one hourly budget per
 * recipient, and none carries text a requester typed.
 *
 * 100 requests of each kind for one recipient within the hour, each from a new network (so
 * per-client limits are not what stops them): at most EMAIL_RECIPIENT_LIMIT messages
 * arrive, per kind and for all kinds together.
 */
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { closeDb, getDb } from "@/db/client";
import { users } from "@/db/schema/studio";
import { env } from "@/env";
import type { TestExecutor } from "@/test/executor";
import { listOutbox } from "@/server/email/list-outbox";
import { callerFor, newPerson } from "@/test/callers";
import { accountMailSettled, startAccountMail } from "@/test/account-mail";

const REQUESTS = 100;
const SPAM = "Claim your prize at evil.example now";

let mail: TestExecutor;
beforeAll(async () => {
  mail = await startAccountMail();
});
afterAll(async () => {
  await mail?.stop();
  await closeDb();
});

let counter = 0;
const network = () => `100.${64 + (counter % 60)}.${Math.floor(counter / 250) % 250}.${counter++ % 250}`;
const address = (label: string) => `${label}-${process.pid}-${Date.now()}-${counter++}@flood.example.test`;

/** Sends `times` requests, each from a new network; refusals by a limit are expected and counted. */
async function flood(
  times: number,
  request: (caller: Awaited<ReturnType<typeof callerFor>>) => Promise<unknown>,
  user: Parameters<typeof callerFor>[0] = null,
) {
  let refused = 0;
  for (let i = 0; i < times; i++) {
    try {
      await request(await callerFor(user, undefined, network()));
    } catch (error) {
      if (!(error instanceof TRPCError && error.code === "TOO_MANY_REQUESTS")) throw error;
      refused++;
    }
  }
  return refused;
}

async function received(to: string) {
  await accountMailSettled(120_000);
  const messages = await listOutbox({ to });
  console.log(`${to.split("-")[0]}: ${messages.length} message(s) arrived`);
  return messages;
}

/** The attacker signs up with the victim's address and signs in with it (unconfirmed), to ask for the link again and again. */
async function squat(email: string) {
  await (await callerFor(null, undefined, network())).auth.signUp({ name: SPAM, email, password: "correct horse battery" });
  const [user] = await (
    await getDb()
  )
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.email, email));
  return user;
}

describe(`${REQUESTS} requests of each mail kind for one recipient within an hour`, () => {
  it("sign-ups send at most the budget", async () => {
    const victim = address("signups");
    await flood(REQUESTS, (api) => api.auth.signUp({ name: SPAM, email: victim, password: "correct horse battery" }));
    const messages = await received(victim);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.length).toBeLessThanOrEqual(env.EMAIL_RECIPIENT_LIMIT);
    for (const message of messages) expect(`${message.subject}${message.text}${message.html}`).not.toContain(SPAM);
  }, 180_000);

  it("confirmation resends send at most the budget, and carry no name the requester typed", async () => {
    const victim = address("resends");
    const refused = await flood(REQUESTS, (api) => api.auth.resendVerification(), await squat(victim));
    expect(refused).toBeGreaterThanOrEqual(REQUESTS - env.EMAIL_REQUEST_LIMIT);
    const messages = await received(victim);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.length).toBeLessThanOrEqual(env.EMAIL_RECIPIENT_LIMIT);
    for (const message of messages) expect(`${message.subject}${message.text}${message.html}`).not.toContain(SPAM);
  }, 180_000);

  it("password resets send at most the budget", async () => {
    const victim = (await newPerson("Resetee")).user.email;
    const refused = await flood(REQUESTS, (api) => api.auth.requestPasswordReset({ email: victim }));
    expect(refused).toBeGreaterThanOrEqual(REQUESTS - env.EMAIL_REQUEST_LIMIT);
    const messages = await received(victim);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.length).toBeLessThanOrEqual(env.EMAIL_RECIPIENT_LIMIT);
  }, 180_000);

  it("invitations send at most the budget, and carry no workspace or inviter name", async () => {
    const victim = address("invitations");
    const inviter = await newPerson(SPAM);
    const workspaceId = (await inviter.api.workspaces.create({ name: SPAM })).id;
    await flood(REQUESTS, (api) => api.invitations.create({ workspaceId, role: "agent", email: victim }), inviter.user);
    const messages = await received(victim);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.length).toBeLessThanOrEqual(env.EMAIL_RECIPIENT_LIMIT);
    for (const message of messages) expect(`${message.subject}${message.text}${message.html}`).not.toContain("Claim your prize");
  }, 180_000);

  it("all kinds together share one budget", async () => {
    const victim = address("everything");
    const squatted = await squat(victim);
    const inviter = await newPerson("Inviter");
    const workspaceId = (await inviter.api.workspaces.create({ name: "Flood Realty" })).id;
    await flood(REQUESTS, (api) => api.auth.signUp({ name: SPAM, email: victim, password: "correct horse battery" }));
    await flood(REQUESTS, (api) => api.auth.resendVerification(), squatted);
    await flood(REQUESTS, (api) => api.auth.requestPasswordReset({ email: victim }));
    await flood(REQUESTS, (api) => api.invitations.create({ workspaceId, role: "agent", email: victim }), inviter.user);
    expect((await received(victim)).length).toBeLessThanOrEqual(env.EMAIL_RECIPIENT_LIMIT);
  }, 300_000);
});
