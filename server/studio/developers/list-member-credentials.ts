import "server-only";
import { and, count, eq } from "drizzle-orm";
import { invitations, members, workspaces } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import { listKeys } from "@/server/v1/services/keys/list-keys";
import { listEndpoints } from "@/server/v1/services/webhooks/list-endpoints";
import type { StudioContext } from "../context";
import { pendingInvitations, sentBy } from "../invitations/pending-invitations";
import { studioActor } from "./developer-account";

export interface MemberCredentials {
  keys: { id: string; name: string; prefix: string }[];
  endpoints: { id: string; url: string }[];
  /** Pending invitations the member sent: withdrawn whatever is chosen for the rest. */
  invitations: number;
}

/**
 * What a member answers for in the workspace (their maker's or handed to them): working API
 * keys and webhook endpoints, and the invitations they sent. The removal and role dialogs
 * show it, with the choice of revoking or taking it over (member-departure.ts).
 */
export async function listMemberCredentials(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; userId: string },
): Promise<MemberCredentials> {
  const [member] = await ctx.db
    .select({ accountId: workspaces.v1AccountId })
    .from(members)
    .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
    .where(and(eq(members.workspaceId, input.workspaceId), eq(members.userId, input.userId)));
  if (!member) throw new AppError("not_found", "This person is not a member of the workspace.");
  const { accountId } = member;
  const holder = studioActor(input.userId);
  const heldBy = (item: { createdBy: string | null; heldBy: string | null }) => (item.heldBy ?? item.createdBy) === holder;
  const keys = accountId
    ? (await listKeys(ctx.db, { accountId })).filter(heldBy).map(({ id, name, prefix }) => ({ id, name, prefix }))
    : [];
  const endpoints = accountId ? (await listEndpoints(ctx.db, { accountId })).filter(heldBy).map(({ id, url }) => ({ id, url })) : [];
  const [{ pending }] = await ctx.db
    .select({ pending: count() })
    .from(invitations)
    .where(pendingInvitations(sentBy(input), ctx.now()));
  return { keys, endpoints, invitations: pending };
}
