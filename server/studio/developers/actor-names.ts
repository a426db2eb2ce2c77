import "server-only";
import { inArray } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import type { StudioContext } from "../context";

const FIXED: Record<string, string> = { studio: "Atrium studio", admin: "Operator (command line)" };

/** Display names for created_by values (`user:<id>`, `studio`, `admin`); a person no longer known reads "Former member". */
export async function actorNames(ctx: Pick<StudioContext, "db">, actors: (string | null)[]): Promise<(actor: string | null) => string> {
  const ids = [...new Set(actors.filter((a): a is string => a?.startsWith("user:") ?? false).map((a) => a.slice(5)))];
  const people = ids.length ? await ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
  const names = new Map(people.map((person) => [`user:${person.id}`, person.name]));
  return (actor) => (actor ? (FIXED[actor] ?? names.get(actor) ?? "Former member") : "—");
}
