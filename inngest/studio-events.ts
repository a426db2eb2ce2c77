/**
 * Events of the studio's durable work. Poll events carry a round counter: a run polls a
 * bounded number of times, then continues in a fresh run (inngest/README.md, "Polling").
 */
import { eventType } from "inngest";
import { z } from "zod";

export const PollEventSchema = z.object({ generationId: z.string(), round: z.number().int().min(0) });

export const stagingPoll = eventType("studio/staging.poll", { schema: PollEventSchema });
export const multiviewPoll = eventType("studio/multiview.poll", { schema: PollEventSchema });
export const videoPoll = eventType("studio/video.poll", { schema: PollEventSchema });
export const inpaintUpscaleRequested = eventType("studio/inpaint-upscale.requested", { schema: z.object({ generationId: z.string() }) });
export const descriptionRequested = eventType("studio/description.requested", { schema: z.object({ generationId: z.string() }) });
/** Starts or resumes a whole-listing batch; each run advances it a bounded number of times, then continues with round + 1. */
export const batchAdvance = eventType("studio/batch.advance", {
  schema: z.object({ batchId: z.string(), round: z.number().int().min(0) }),
});
/** A page found images of the project stored before their thumbnail and display copies existed. */
export const copiesRequested = eventType("studio/copies.requested", {
  schema: z.object({ workspaceId: z.string(), projectId: z.string() }),
});
/** A member deleted a photo: it is removed for good once the undo window has passed. */
export const photoDeleted = eventType("studio/photo.deleted", { schema: z.object({ workspaceId: z.string(), photoId: z.string() }) });
/**
 * Mail about a person's account: a password reset, a confirmation link, a "someone tried
 * to sign up" note. Sent by a durable function, outside the request, so the request does
 * the same work (and takes the same time) whether the address has an account or not.
 * No token travels in the event: the function issues it.
 */
export const AccountEmailRequestSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("password_reset"), email: z.string(), origin: z.string().nullable() }),
  z.object({ kind: z.literal("verify_email"), userId: z.string(), origin: z.string().nullable(), callbackUrl: z.string().nullable() }),
  z.object({ kind: z.literal("sign_up_attempt"), email: z.string(), origin: z.string().nullable(), callbackUrl: z.string().nullable() }),
]);
export type AccountEmailRequest = z.infer<typeof AccountEmailRequestSchema>;
export const accountEmailRequested = eventType("studio/account-email.requested", { schema: AccountEmailRequestSchema });

/**
 * A member was removed, left or became an agent, and what they answered for in the
 * Developers section was revoked or handed over (server/studio/developers/member-departure.ts):
 * the workspace's owners are mailed. Keys are named by name and prefix, never more.
 */
export const MemberDepartureSchema = z.object({
  workspaceId: z.string(),
  memberEmail: z.string(),
  departure: z.enum(["member_removed", "member_left", "member_demoted"]),
  /** null: the operator, at the command line. */
  actorUserId: z.string().nullable(),
  /** The owner it was all handed to; null when it was revoked. */
  handedTo: z.string().nullable(),
  keys: z.array(z.string()),
  endpoints: z.array(z.string()),
  invitations: z.number().int(),
});
export type MemberDepartureEvent = z.infer<typeof MemberDepartureSchema>;
export const memberDeparted = eventType("studio/member.departed", { schema: MemberDepartureSchema });
