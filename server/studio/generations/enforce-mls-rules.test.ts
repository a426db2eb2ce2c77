import type { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { newPerson } from "@/test/callers";
import { projectFields } from "@/test/fixtures";
import { useAppStack } from "@/test/app-stack";

useAppStack();

describe("the workspace's MLS rule set", () => {
  it("is chosen by an admin and refuses a disallowed edit with the rule's reason, before anything starts", async () => {
    const { api } = await newPerson("Mira");
    const workspaceId = (await api.workspaces.create({ name: "Mira Realty" })).id;
    const projectId = (await api.projects.create({ workspaceId, fields: projectFields })).id;
    expect((await api.compliance.ruleSet({ workspaceId })).id).toBe("general");
    await api.compliance.setRuleSet({ workspaceId, ruleSetId: "stellar" });
    expect(await api.compliance.ruleSet({ workspaceId })).toMatchObject({ id: "stellar", name: "Stellar MLS (Florida)" });

    const refused = await api.generations
      .stage({
        workspaceId,
        projectId,
        photoId: crypto.randomUUID(),
        redesignType: "color_change",
        roomType: "living_room",
        color: "#7a9a7e",
        intensity: 0.6,
        fast: true,
      })
      .catch((error: TRPCError) => error);
    expect(refused).toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringMatching(/^Stellar MLS \(Florida\): Wall color is a permanent feature/),
    });
    const exterior = await api.generations
      .inpaintUpscale({
        workspaceId,
        projectId,
        photoId: crypto.randomUUID(),
        maskDataUrl: "data:image/png;base64,AAAA",
        inpaintingType: "remove",
        renderType: "exterior",
      })
      .catch((error: TRPCError) => error);
    // Removal is only warned about: the refusal that comes is about the made-up photo, not the rules.
    expect((exterior as TRPCError).code).not.toBe("FORBIDDEN");
    expect(await api.generations.list({ workspaceId, projectId })).toEqual([]);
  });
});
