/**
 * Server-side record of every signed-in session. The session cookie is still next-auth's
 * encrypted JWT (the credentials provider needs the JWT strategy), but it carries a
 * random session id whose hash must be in studio.sessions for the cookie to count: signing
 * out deletes the row, "sign out everywhere" deletes all of a person's rows, and a copied
 * or stolen cookie dies with them.
 */
import "server-only";
import crypto from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database, Tx } from "@/db/client";
import { sessions } from "@/db/schema";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

const hashOf = (sessionId: string) => crypto.createHash("sha256").update(sessionId).digest("hex");

/** Records a new session for the person and returns its id (kept only inside the encrypted cookie). */
export async function startSession(db: Database, input: { userId: string; now?: Date }): Promise<string> {
  const now = input.now ?? new Date();
  const sessionId = crypto.randomBytes(32).toString("base64url");
  // Expired rows of anyone are cleared as new sessions start: the table stays small without a job.
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db
    .insert(sessions)
    .values({ idHash: hashOf(sessionId), userId: input.userId, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000) });
  return sessionId;
}

/** True while the session has been neither ended nor expired, and belongs to this person. */
export async function isSessionLive(db: Database, input: { sessionId: unknown; userId: unknown; now?: Date }): Promise<boolean> {
  if (typeof input.sessionId !== "string" || typeof input.userId !== "string") return false;
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.idHash, hashOf(input.sessionId)), gt(sessions.expiresAt, input.now ?? new Date())));
  return row?.userId === input.userId;
}

export async function endSession(db: Database, sessionId: unknown): Promise<void> {
  if (typeof sessionId === "string") await db.delete(sessions).where(eq(sessions.idHash, hashOf(sessionId)));
}

/** "Sign out everywhere": every session of the person ends, on every device. */
export async function endAllSessions(db: Tx, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ idHash: sessions.idHash });
  return ended.length;
}
