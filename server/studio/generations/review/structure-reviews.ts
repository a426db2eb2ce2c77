/**
 * What the studio shows of the structure check on each result (D17): the service's
 * verdict, its plain summary and zones, and, for a result it marked for review, who
 * judged it "Looks right" and when. One query for the judges' names of a page of results.
 */
import "server-only";
import { inArray } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import type { GenerationOutput } from "@/db/schema/studio-generations";
import type { Tx } from "@/db/client";

export async function structureReviews(db: Tx, outputs: Pick<GenerationOutput, "structureCheck" | "lookedRightBy" | "lookedRightAt">[]) {
  const judges = [...new Set(outputs.map((output) => output.lookedRightBy).filter((id): id is string => Boolean(id)))];
  const names = judges.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, judges)) : [];
  return (output: Pick<GenerationOutput, "structureCheck" | "lookedRightBy" | "lookedRightAt">) => {
    if (!output.structureCheck) return null;
    const lookedRight = output.lookedRightAt
      ? { at: output.lookedRightAt, byName: names.find((judge) => judge.id === output.lookedRightBy)?.name ?? "a former member" }
      : null;
    return { ...output.structureCheck, lookedRight };
  };
}

export type StructureReview = NonNullable<ReturnType<Awaited<ReturnType<typeof structureReviews>>>>;
