/**
 * Workflow 4: listing copy from chosen photos and the confirmed property data. The call
 * is synchronous on the service, so a durable step makes it; this verb records the ask.
 * The property data confirmed for it becomes the project's (adopt-confirmed-facts.ts).
 */
import "server-only";
import { descriptionRequested } from "@/inngest/studio-events";
import { CREDIT_COSTS } from "@/shared/credit-costs";
import type { StudioContext } from "../../context";
import { adoptConfirmedFacts } from "../../projects/adopt-confirmed-facts";
import { ensureCredits } from "../../usage/ensure-credits";
import { loadProjectPhotos } from "../load-project-photos";
import { insertGeneration, startedFrom } from "../records";
import { startOnce, type StartAction } from "../start-once";
import { descriptionRequest, type DescriptionParams } from "./description-request";
import type { StartDescriptionInput } from "./start-description.schema";

/** Starts the workflow once per user action (see start-once.ts). */
export async function startDescription(ctx: StudioContext, input: StartAction<StartDescriptionInput>) {
  return startOnce(ctx, input, async (id) => {
    const photos = await loadProjectPhotos(ctx, input);
    await ensureCredits(ctx, { workspaceId: input.workspaceId, cost: CREDIT_COSTS.propertyDescription });
    const params: DescriptionParams = { ...descriptionRequest(input), photoIds: input.photoIds };
    await adoptConfirmedFacts(ctx, { workspaceId: input.workspaceId, projectId: input.projectId, property: input.property });
    await insertGeneration(ctx, { ...startedFrom(input, id), kind: "description", photoId: photos[0].id, params });
    await ctx.events.send(descriptionRequested.create({ generationId: id }));
    return { id };
  });
}
