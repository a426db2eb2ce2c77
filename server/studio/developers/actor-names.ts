import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { members, users } from "@/db/schema/studio";
import type { StudioContext } from "../context";

const FIXED: Record<string, string> = { studio: "Atrium studio", admin: "Operator (command line)" };

/**
 * Display names for created_by and held_by values (`user:<id>`, `studio`, `admin`) in a
 * workspace: a person who is no longer its member reads "<name> (no longer a member)", so
 * a key or endpoint someone left behind stands out; a person no longer known at all reads
 * "Former member".
 */
export async function actorNames(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; actors: (string | null)[] },
): Promise<(actor: string | null) => string> {
  const ids = [...new Set(input.actors.filter((a): a is string => a?.startsWith("user:") ?? false).map((a) => a.slice(5)))];
  const people = ids.length
    ? await ctx.db
        .select({ id: users.id, name: users.name, role: members.role })
        .from(users)
        .leftJoin(members, and(eq(members.userId, users.id), eq(members.workspaceId, input.workspaceId)))
        .where(inArray(users.id, ids))
    : [];
  const names = new Map(people.map((person) => [`user:${person.id}`, person.role ? person.name : `${person.name} (no longer a member)`]));
  return (actor) => (actor ? (FIXED[actor] ?? names.get(actor) ?? "Former member") : "—");
}
