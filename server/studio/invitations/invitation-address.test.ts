/**
 * An invitation made for an address (round 3, L4): whoever holds the link, only the person
 * signed in with that address joins. Another signed-in address gets a clear refusal and
 * the link keeps working for the invited person.
 */
import { TRPCError } from "@trpc/server";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
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
