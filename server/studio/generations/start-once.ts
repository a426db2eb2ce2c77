/**
 * One user action starts one generation, however often it arrives: the browser sends a
 * request id per action (a double click, a network retry or a resent form carry the
 * same one), the generation's id is derived from it, and the v1 Idempotency-Key is
 * derived from that id (D14). A repeat finds the generation and returns it; a repeat
 * that races the first one is refused by the service's idempotency check or the
 * primary key, waits for the first to be recorded, and returns it too. Either way the
 * service is paid once.
 */
import "server-only";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { generations } from "@/db/schema/studio-generations";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { RequestIdSchema } from "../request-id";

/** What every workflow's start input holds besides its own fields: the action's request id and the project. */
export const StartActionSchema = z.object({ requestId: RequestIdSchema, projectId: z.uuid() });

/**
 * What every start-* verb is given: its input (`Fields`, from the workflow's schema) and
 * who acts where. Staging takes a null user: a batch's photos are started for its
 * creator, who may be gone.
 */
export type StartAction<Fields = z.infer<typeof StartActionSchema>, User = string> = Fields & { workspaceId: string; userId: User };

/** The Idempotency-Key of the v1 call a generation makes (`step` names one of several calls). */
export function idempotencyFor(generationId: string, step?: string): { idempotencyKey: string } {
  return { idempotencyKey: step ? `studio-${generationId}-${step}` : `studio-${generationId}` };
}

/** A UUID (version 8, RFC 9562) derived from the workspace and the action's request id. */
export function generationIdFor(workspaceId: string, requestId: string): string {
  return derivedUuid(`generation:${workspaceId}:${requestId}`);
}

/** A UUID (version 8, RFC 9562) derived from a text: the same text always gives the same id. */
export function derivedUuid(text: string): string {
  const hex = crypto.createHash("sha256").update(text).digest("hex");
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function recorded(ctx: Pick<StudioContext, "db">, workspaceId: string, id: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.id, id), eq(generations.workspaceId, workspaceId)));
  return Boolean(row);
}

function isDuplicate(error: unknown): boolean {
  if (error instanceof AppError) return error.code === "idempotency_conflict" || error.code === "idempotency_key_reused";
  const code = (error as { code?: string; cause?: { code?: string } } | null)?.cause?.code ?? (error as { code?: string } | null)?.code;
  return code === "23505";
}

const WAIT_STEP_MS = 250;
const WAIT_LIMIT_MS = 30_000;

export async function startOnce(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; requestId?: string },
  start: (generationId: string) => Promise<{ id: string }>,
): Promise<{ id: string }> {
  if (!input.requestId) return start(crypto.randomUUID());
  const id = generationIdFor(input.workspaceId, input.requestId);
  if (await recorded(ctx, input.workspaceId, id)) return { id };
  try {
    return await start(id);
  } catch (error) {
    if (!isDuplicate(error)) throw error;
    for (let waited = 0; waited < WAIT_LIMIT_MS; waited += WAIT_STEP_MS) {
      if (await recorded(ctx, input.workspaceId, id)) return { id };
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
    throw error;
  }
}
