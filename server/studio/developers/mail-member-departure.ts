import "server-only";
import { eq, inArray } from "drizzle-orm";
import { users, workspaces } from "@/db/schema/studio";
import type { MemberDepartureEvent } from "@/inngest/studio-events";
import { emailLink } from "@/server/email/link-url";
import { sendEmail } from "@/server/email/send-email";
import { memberDepartureEmail } from "@/server/email/templates";
import type { StudioContext } from "../context";
import { ownersToMail } from "./owners-to-mail";

const HAPPENED = { member_removed: "was removed from", member_left: "left", member_demoted: "was made an agent in" } as const;

/**
 * Tells every owner of the workspace what left with a member (member-departure.ts): each
 * key and endpoint, revoked or handed over, and the invitations withdrawn. Returns how
 * many messages went out.
 */
export async function mailMemberDeparture(ctx: Pick<StudioContext, "db">, event: MemberDepartureEvent): Promise<number> {
  const owners = await ownersToMail(ctx.db, eq(workspaces.id, event.workspaceId));
  const named = [event.actorUserId, event.handedTo].filter((id): id is string => id !== null);
  const people = named.length ? await ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, named)) : [];
  const nameOf = (id: string | null) => people.find((person) => person.id === id)?.name ?? null;
  const handedTo = event.handedTo ? (nameOf(event.handedTo) ?? "an owner") : null;
  const outcome = handedTo ? `handed over to ${handedTo}` : null;
  const settled = [
    ...event.keys.map((key) => `API key ${key}: ${outcome ?? "revoked"}`),
    ...event.endpoints.map((url) => `Webhook endpoint ${url}: ${outcome ?? "turned off"}`),
    ...(event.invitations ? [`${event.invitations} pending invitation${event.invitations === 1 ? "" : "s"} they sent: withdrawn`] : []),
  ];
  let sent = 0;
  for (const owner of owners) {
    const by = event.departure === "member_left" ? "" : event.actorUserId ? ` by ${nameOf(event.actorUserId)}` : " by the operator";
    const happened = `${event.memberEmail} ${HAPPENED[event.departure]} ${owner.workspaceName}${by}`;
    const link = emailLink(`/w/${owner.slug}/developers`);
    const message = memberDepartureEmail({
      to: owner.email,
      name: owner.name,
      workspaceName: owner.workspaceName,
      memberEmail: event.memberEmail,
      happened,
      settled,
      handedTo,
      link,
    });
    if (await sendEmail(message)) sent += 1;
  }
  return sent;
}
