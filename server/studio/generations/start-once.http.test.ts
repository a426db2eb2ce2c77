/**
 * A generation started twice by the same user action (the same request id, as a
 * double click or a network retry sends it) is one generation and one charge on the
 * v1 account; a new action is a new generation.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { studioFunctions } from "@/inngest/functions/studio";
import { v1Functions } from "@/inngest/functions/v1";
import { generationIdFor } from "./start-once";
import { studioWithPhotos } from "@/test/fixtures";
import { useAppStack } from "@/test/app-stack";

useAppStack({ functions: [...v1Functions, ...studioFunctions] });
let studio: Awaited<ReturnType<typeof studioWithPhotos>>;

beforeAll(async () => {
  studio = await studioWithPhotos("Dana", 1);
}, 60_000);

async function settled(generationId: string) {
  const { api, workspaceId, projectId } = studio;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const generation = (await api.generations.list({ workspaceId, projectId })).find((g) => g.id === generationId);
    if (generation && generation.status !== "running") return generation;
    if (Date.now() > deadline) throw new Error(`generation ${generationId} still running`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("one generation per user action", () => {
  it("derives a stable UUID from the workspace and the request id", () => {
    const id = generationIdFor(studio.workspaceId, "6f1c1a52-3b8e-4d0e-9d55-0d7f8f0f4f11");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(generationIdFor(studio.workspaceId, "6f1c1a52-3b8e-4d0e-9d55-0d7f8f0f4f11")).toBe(id);
    expect(generationIdFor(crypto.randomUUID(), "6f1c1a52-3b8e-4d0e-9d55-0d7f8f0f4f11")).not.toBe(id);
  });

  it("charges a description once when the same action arrives twice at once and once more later", async () => {
    const { api, workspaceId, projectId, photoIds } = studio;
    const input = {
      workspaceId,
      projectId,
      photoIds,
      property: { propertyType: "house" },
      requestId: crypto.randomUUID(),
    };
    const [a, b] = await Promise.all([api.generations.describe(input), api.generations.describe(input)]);
    expect(a.id).toBe(b.id);
    expect((await settled(a.id)).status).toBe("completed");
    const later = await api.generations.describe(input);
    expect(later.id).toBe(a.id);

    const generations = await api.generations.list({ workspaceId, projectId });
    expect(generations.filter((g) => g.kind === "description")).toHaveLength(1);
    const usage = await api.usage.summary({ workspaceId });
    expect(usage.byOperation.find((row) => row.operation === "property_description")).toMatchObject({ credits: 1, units: 1 });

    // A new action is a new generation and a new charge.
    const other = await api.generations.describe({ ...input, requestId: crypto.randomUUID() });
    expect(other.id).not.toBe(a.id);
    await settled(other.id);
    const after = await api.usage.summary({ workspaceId });
    expect(after.byOperation.find((row) => row.operation === "property_description")).toMatchObject({ credits: 2, units: 2 });
  }, 90_000);
});
