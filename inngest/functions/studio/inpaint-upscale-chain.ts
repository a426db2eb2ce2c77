/**
 * Workflow 3 as two durable steps: inpaint, then upscale its output. A finished step is
 * never repeated, so an upscale failure keeps the inpaint result (both outputs are kept).
 */
import { inngest } from "@/inngest/client";
import { failGenerationOnFailure } from "./fail-generation-on-failure";
import { inpaintUpscaleRequested } from "@/inngest/studio-events";
import { createStudioContext } from "@/server/studio/context";
import { storeChangeMaps } from "@/server/studio/exports/store-change-maps";
import { inpaintLinks, runInpaintStep, runUpscaleStep, upscaleLink } from "@/server/studio/generations/inpaint-upscale/run-chain-step";

export const inpaintUpscaleFunction = inngest.createFunction(
  { id: "studio-inpaint-upscale", retries: 3, triggers: [inpaintUpscaleRequested], onFailure: failGenerationOnFailure },
  async ({ event, step }) => {
    const { generationId } = event.data;
    const links = await step.run("inpaint-links", async () => inpaintLinks(await createStudioContext(), generationId));
    const inpainted = await step.run("inpaint", async () => runInpaintStep(await createStudioContext(), generationId, links));
    if (!inpainted.ok) return { status: "failed", step: "inpaint" };
    const imageUrl = await step.run("upscale-link", async () => upscaleLink(await createStudioContext(), generationId));
    if (!imageUrl) return { status: "failed", step: "upscale" };
    const upscaled = await step.run("upscale", async () => runUpscaleStep(await createStudioContext(), generationId, imageUrl));
    await step.run("change-maps", async () => storeChangeMaps(await createStudioContext(), generationId));
    return { status: upscaled.ok ? "completed" : "failed" };
  },
);
