/**
 * Workflow 4: listing copy from chosen photos and the confirmed property data. The call
 * is synchronous on the service, so a durable step makes it; this verb records the ask.
 */
import "server-only";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import { ensureCredits } from "../usage/ensure-credits";
import { descriptionRequested } from "@/inngest/studio-events";
import type { StudioContext } from "../context";
import { startOnce, type StartAction } from "./start-once";
import { loadProjectPhotos } from "./load-project-photos";
import { insertGeneration, startedFrom } from "./records";

export interface PropertyData {
  address?: string;
  propertyType: string;
  listingStatus?: string;
  listingType?: string;
  price?: number;
  bedrooms?: number;
  bathrooms?: number;
  /** Facts the agent confirmed for the copy, one per item (pre-filled from the project's notes). */
  highlights: string[];
}

export interface DescriptionInput extends StartAction {
  photoIds: string[];
  property: PropertyData;
  tone: "professional" | "warm" | "luxury" | "casual";
  length: "short" | "medium" | "long";
  language: string;
}

/** Starts the workflow once per user action (see start-once.ts). */
export async function startDescription(ctx: StudioContext, input: DescriptionInput) {
  return startOnce(ctx, input, (id) => beginDescription(ctx, input, id));
}

async function beginDescription(ctx: StudioContext, input: DescriptionInput, id: string) {
  const photos = await loadProjectPhotos(ctx, input);
  await ensureCredits(ctx, { workspaceId: input.workspaceId, cost: CREDIT_COSTS.propertyDescription });
  await insertGeneration(ctx, {
    ...startedFrom(input, id),
    kind: "description",
    photoId: photos[0].id,
    params: { photoIds: input.photoIds, property: input.property, tone: input.tone, length: input.length, language: input.language },
  });
  await ctx.events.send(descriptionRequested.create({ generationId: id }));
  return { id };
}
