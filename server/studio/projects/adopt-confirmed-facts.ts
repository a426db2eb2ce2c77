/**
 * The property data an agent confirms for a listing description is the property's: a
 * price, room counts, type or address typed there become the project's (so the project
 * and its card show the price instead of "No price yet"). What was left empty keeps the
 * project's value, and so does anything that is not a value the project's own form takes
 * (a type outside its list, a price with cents).
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { projects } from "@/db/schema/studio";
import type { StudioContext } from "../context";
import type { StartDescriptionInput } from "../generations/description/start-description.schema";
import { ProjectFieldsSchema, type ProjectFields } from "./project-fields";

const CONFIRMED = [
  "address",
  "propertyType",
  "listingStatus",
  "listingType",
  "price",
  "bedrooms",
  "bathrooms",
] as const satisfies readonly (keyof ProjectFields)[];

export async function adoptConfirmedFacts(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; projectId: string; property: StartDescriptionInput["property"] },
) {
  const changes: Partial<ProjectFields> = {};
  for (const field of CONFIRMED) {
    const value = input.property[field];
    if (value === undefined || value === "") continue;
    const parsed = ProjectFieldsSchema.shape[field].safeParse(value);
    if (parsed.success) Object.assign(changes, { [field]: parsed.data });
  }
  if (Object.keys(changes).length === 0) return;
  await ctx.db
    .update(projects)
    .set({ ...changes, updatedAt: ctx.now() })
    .where(and(eq(projects.id, input.projectId), eq(projects.workspaceId, input.workspaceId)));
}
