/**
 * Workflow 4: listing copy from chosen photos and the confirmed property data. The call
 * is synchronous on the service, so a durable step makes it; this verb records the ask.
 */
import crypto from "node:crypto";
import { inngest } from "@/inngest/client";
import { descriptionRequested } from "@/inngest/studio-events";
import type { StudioContext } from "../context";
import { loadProjectPhotos } from "./load-project-photos";
import { insertGeneration } from "./records";

export interface PropertyData {
  address?: string;
  propertyType: string;
  listingStatus?: string;
  listingType?: string;
  price?: number;
}

export interface DescriptionInput {
  workspaceId: string;
  projectId: string;
  userId: string;
  photoIds: string[];
  property: PropertyData;
  tone: "professional" | "warm" | "luxury" | "casual";
  length: "short" | "medium" | "long";
  language: string;
}

export async function startDescription(ctx: StudioContext, input: DescriptionInput) {
  const photos = await loadProjectPhotos(ctx, input);
  const id = crypto.randomUUID();
  await insertGeneration(ctx, {
    id,
    workspaceId: input.workspaceId,
    projectId: input.projectId,
    createdBy: input.userId,
    kind: "description",
    photoId: photos[0].id,
    params: { photoIds: input.photoIds, property: input.property, tone: input.tone, length: input.length, language: input.language },
  });
  await inngest.send(descriptionRequested.create({ generationId: id }));
  return { id };
}
