/**
 * An invitation made for an address (round 3, L4): whoever holds the link, only the person
 * signed in with that address joins. Another signed-in address gets a clear refusal and
 * the link keeps working for the invited person. Round 4 (N3): the address must also be
 * confirmed, or anyone could sign up with the invited address, skip the confirmation and
 * join; the refusal says how to confirm, and the link waits.
 */
import { TRPCError } from "@trpc/server";
import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { closeDb, getDb } from "@/db/client";
import { users } from "@/db/schema/studio";
import { newPerson } from "@/test/callers";
import { rejectionOf } from "@/test/rejection";

afterAll(closeDb);

describe("an invitation for an address", () => {
  it("is refused to another signed-in address, with words that say why, and stays valid for the invited one", async () => {
    const owner = await newPerson("Orla");
    const invited = await newPerson("Ivan");
    const holder = await newPerson("Hector");
    const workspaceId = (await owner.api.workspaces.create({ name: "Address Bound Realty" })).id;
    const { token } = await owner.api.invitations.create({ workspaceId, role: "admin", email: invited.user.email.toUpperCase() });

    const refusal = await rejectionOf(holder.api.invitations.accept({ token }), TRPCError);
    expect(refusal.code).toBe("FORBIDDEN");
    expect(refusal.message).toBe(`This invitation is for ${invited.user.email}. Sign in with that address to accept it.`);
    expect((await owner.api.members.list({ workspaceId })).map((m) => m.email)).not.toContain(holder.user.email);

    await invited.api.invitations.accept({ token });
    expect((await owner.api.members.list({ workspaceId })).find((m) => m.email === invited.user.email)?.role).toBe("admin");
  });

  it("leaves an open link (made without an address) to whoever holds it", async () => {
    const owner = await newPerson("Olaf");
    const anyone = await newPerson("Anya");
    const workspaceId = (await owner.api.workspaces.create({ name: "Open Link Realty" })).id;
    const { token } = await owner.api.invitations.create({ workspaceId, role: "agent" });
    await anyone.api.invitations.accept({ token });
    expect((await owner.api.members.list({ workspaceId })).map((m) => m.email)).toContain(anyone.user.email);
  });
});

describe("an unconfirmed account", () => {
  const words =
    "Confirm your email address before joining a workspace: open the link we emailed you, or send it again from this page. This invitation stays valid meanwhile.";

  it("cannot accept an invitation made for its address until it confirms it, and then joins with the same link", async () => {
    const owner = await newPerson("Odile");
    const invited = await newPerson("Uma", { confirmed: false });
    const workspaceId = (await owner.api.workspaces.create({ name: "Unconfirmed Realty" })).id;
    const { token } = await owner.api.invitations.create({ workspaceId, role: "admin", email: invited.user.email });

    const refusal = await rejectionOf(invited.api.invitations.accept({ token }), TRPCError);
    expect([refusal.code, refusal.message]).toEqual(["FORBIDDEN", words]);
    expect((await owner.api.members.list({ workspaceId })).map((m) => m.email)).not.toContain(invited.user.email);

    await (await getDb()).update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, invited.user.id));
    await invited.api.invitations.accept({ token });
    expect((await owner.api.members.list({ workspaceId })).find((m) => m.email === invited.user.email)?.role).toBe("admin");
  });

  it("cannot accept an open link either", async () => {
    const owner = await newPerson("Oren");
    const stranger = await newPerson("Sami", { confirmed: false });
    const workspaceId = (await owner.api.workspaces.create({ name: "Open Unconfirmed Realty" })).id;
    const { token } = await owner.api.invitations.create({ workspaceId, role: "agent" });
    const refusal = await rejectionOf(stranger.api.invitations.accept({ token }), TRPCError);
    expect([refusal.code, refusal.message]).toEqual(["FORBIDDEN", words]);
    expect((await owner.api.members.list({ workspaceId })).map((m) => m.email)).not.toContain(stranger.user.email);
  });
});
