import "server-only";
import { and, desc, eq, inArray, lt, or } from "drizzle-orm";
import { jobGroups, jobOutputs } from "@/db/schema";
import type { VerbContext } from "@/server/context";
import { jobRecord } from "./job-record";

interface Cursor {
  createdAt: string;
  id: string;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString("base64url");

function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (typeof parsed?.createdAt === "string" && typeof parsed?.id === "string" && !Number.isNaN(Date.parse(parsed.createdAt)))
      return parsed;
  } catch {
    // An unreadable cursor starts from the newest group, like no cursor.
  }
  return null;
}

/** GET /jobs (D5): newest group first, keyset pagination; `next` is the cursor of the following page. */
export async function listJobGroups(ctx: VerbContext, input: { accountId: string; limit: number; cursor?: string }) {
  const cursor = decodeCursor(input.cursor);
  const after = cursor
    ? or(
        lt(jobGroups.createdAt, new Date(cursor.createdAt)),
        and(eq(jobGroups.createdAt, new Date(cursor.createdAt)), lt(jobGroups.id, cursor.id)),
      )
    : undefined;
  const groups = await ctx.db
    .select()
    .from(jobGroups)
    .where(and(eq(jobGroups.accountId, input.accountId), after))
    .orderBy(desc(jobGroups.createdAt), desc(jobGroups.id))
    .limit(input.limit + 1);
  const page = groups.slice(0, input.limit);
  const outputs = page.length
    ? await ctx.db
        .select()
        .from(jobOutputs)
        .where(
          inArray(
            jobOutputs.groupId,
            page.map((g) => g.id),
          ),
        )
    : [];
  const data = await Promise.all(
    page.map((g) =>
      jobRecord(
        ctx.storage,
        g,
        outputs.filter((o) => o.groupId === g.id),
      ),
    ),
  );
  const last = page.at(-1);
  const next = groups.length > input.limit && last ? encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) : null;
  return { data, next };
}
