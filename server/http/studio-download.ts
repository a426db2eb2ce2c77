/**
 * A studio download served by a route handler rather than tRPC (a zip streamed to the
 * browser): the same checks as a workspace procedure (signed in, a member of the
 * workspace), refusals as the error table's statuses in plain words, and the file as a
 * stream with an attachment name.
 */
import "server-only";
import { Readable } from "node:stream";
import { z } from "zod";
import { getSession } from "@/server/auth/session";
import { AppError, ERROR_CODES } from "@/server/errors";
import { logError } from "@/server/log";
import { createStudioContext, type StudioContext } from "@/server/studio/context";
import { findMembership } from "@/server/studio/workspaces/find-membership";
import type { WorkspaceSummary } from "@/server/studio/workspaces/list-workspaces";

export async function studioDownload<S extends z.ZodType<{ workspaceId: string }>>(
  request: Request,
  schema: S,
  make: (
    ctx: StudioContext,
    input: z.infer<S>,
    who: { userId: string; workspace: WorkspaceSummary },
  ) => Promise<{ fileName: string; contentType: string; stream: Readable }>,
): Promise<Response> {
  try {
    const session = await getSession();
    if (!session) throw new AppError("unauthenticated");
    const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw new AppError("invalid_request");
    const ctx = await createStudioContext();
    const workspace = await findMembership(ctx, { workspaceId: parsed.data.workspaceId, userId: session.user.id });
    if (!workspace) throw new AppError("not_found", "Workspace not found.");
    const file = await make(ctx, parsed.data, { userId: session.user.id, workspace });
    return new Response(Readable.toWeb(file.stream) as ReadableStream, {
      headers: {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.fileName.replace(/[^\w.-]/g, "_")}"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError)
      return new Response(error.message, {
        status: ERROR_CODES[error.code].status,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    logError("[studio download]", error);
    return new Response(ERROR_CODES.internal_error.message, { status: 500 });
  }
}
