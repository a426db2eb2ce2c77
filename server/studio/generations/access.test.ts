/**
 * Role checks and cross-workspace isolation of the workflow, export and usage
 * procedures: members (agents included) may run workflows; nobody reaches another
 * workspace's projects, photos, results, share links or usage, even with its ids.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { callerFor, codeOf, newPerson } from "@/test/callers";
import { studioWithPhotos } from "@/test/fixtures";
import { useAppStack } from "@/test/app-stack";

let home: Awaited<ReturnType<typeof studioWithPhotos>>;
let rival: Awaited<ReturnType<typeof studioWithPhotos>>;
let agent: Awaited<ReturnType<typeof newPerson>>;
let maskDataUrl: string;
let generationId: string;
useAppStack();

beforeAll(async () => {
  [home, rival, agent] = await Promise.all([studioWithPhotos("Hana", 1), studioWithPhotos("Ravi", 1), newPerson("Aiko")]);
  const invitation = await home.api.invitations.create({ workspaceId: home.workspaceId, role: "agent" });
  await agent.api.invitations.accept({ token: invitation.token });
  const mask = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  maskDataUrl = `data:image/png;base64,${mask.toString("base64")}`;
  // Starting the chain reads the balance (GET /me) to refuse a shortfall up front: the v1 routes are served here.
  generationId = (
    await agent.api.generations.inpaintUpscale({
      workspaceId: home.workspaceId,
      projectId: home.projectId,
      photoId: home.photoIds[0],
      maskDataUrl,
      inpaintingType: "remove",
      renderType: "interior",
    })
  ).id;
}, 30_000);

describe("workflow procedures", () => {
  it("let an agent start work and see the project's generations, usage and listing page, and leave publishing to the owner", async () => {
    const listed = await agent.api.generations.list({ workspaceId: home.workspaceId, projectId: home.projectId });
    expect(listed.map((g) => [g.id, g.kind, g.status, g.createdByName])).toEqual([[generationId, "inpaint_upscale", "running", "Aiko"]]);
    expect(await codeOf(agent.api.usage.summary({ workspaceId: home.workspaceId }))).toBe("OK");
    const scope = { workspaceId: home.workspaceId, projectId: home.projectId };
    const { fingerprint } = await agent.api.listings.show(scope);
    expect(await codeOf(agent.api.listings.publish({ ...scope, reviewed: fingerprint }))).toBe("FORBIDDEN");
    expect(await codeOf(home.api.listings.publish({ ...scope, reviewed: fingerprint }))).toBe("OK");
  });

  it("refuse people who are not signed in", async () => {
    const anonymous = await callerFor(null);
    expect(await codeOf(anonymous.generations.list({ workspaceId: home.workspaceId, projectId: home.projectId }))).toBe("UNAUTHORIZED");
    expect(await codeOf(anonymous.usage.summary({ workspaceId: home.workspaceId }))).toBe("UNAUTHORIZED");
  });

  it("hide a workspace from non-members", async () => {
    const { api } = rival;
    const ws = home.workspaceId;
    expect(await codeOf(api.generations.list({ workspaceId: ws, projectId: home.projectId }))).toBe("NOT_FOUND");
    expect(await codeOf(api.usage.summary({ workspaceId: ws }))).toBe("NOT_FOUND");
    expect(await codeOf(api.usage.quota({ workspaceId: ws }))).toBe("NOT_FOUND");
    expect(await codeOf(api.generations.redoView({ workspaceId: ws, generationId, viewIndex: 1 }))).toBe("NOT_FOUND");
  });

  it("do not reach another workspace's projects, photos or results through one's own workspace", async () => {
    const { api, workspaceId, projectId, photoIds } = rival;
    const outputId = (await home.api.generations.list({ workspaceId: home.workspaceId, projectId: home.projectId }))[0].outputs[0].id;
    const attempts = {
      list: api.generations.list({ workspaceId, projectId: home.projectId }),
      stageTheirPhoto: api.generations.stage({
        workspaceId,
        projectId,
        photoId: home.photoIds[0],
        redesignType: "declutter",
        roomType: "bedroom",
      }),
      stageTheirProject: api.generations.stage({
        workspaceId,
        projectId: home.projectId,
        photoId: home.photoIds[0],
        redesignType: "declutter",
        roomType: "bedroom",
      }),
      multiview: api.generations.multiview({
        workspaceId,
        projectId,
        anchorPhotoId: photoIds[0],
        viewPhotoIds: [home.photoIds[0]],
        roomType: "bedroom",
        style: "modern",
      }),
      inpaint: api.generations.inpaintUpscale({ workspaceId, projectId, photoId: home.photoIds[0], maskDataUrl, inpaintingType: "remove" }),
      videoTail: api.generations.video({
        workspaceId,
        projectId,
        mode: "before_after",
        image: { type: "photo", id: photoIds[0] },
        tailImage: { type: "output", id: outputId },
      }),
      describe: api.generations.describe({ workspaceId, projectId, photoIds: [home.photoIds[0]], property: { propertyType: "house" } }),
      redo: api.generations.redoView({ workspaceId, generationId, viewIndex: 1 }),
      exportResult: api.exports.exportOutput({ workspaceId, outputId }),
      shareLink: api.exports.shareLink({ workspaceId, projectId: home.projectId }),
      publish: api.listings.publish({ workspaceId, projectId: home.projectId, reviewed: "seen" }),
      unpublish: api.listings.unpublish({ workspaceId, projectId: home.projectId }),
    };
    const codes = Object.fromEntries(await Promise.all(Object.entries(attempts).map(async ([name, call]) => [name, await codeOf(call)])));
    expect(codes).toEqual(Object.fromEntries(Object.keys(attempts).map((name) => [name, "NOT_FOUND"])));
    expect((await home.api.exports.shareLink({ workspaceId: home.workspaceId, projectId: home.projectId }))?.path).toMatch(/^\/share\//);
  });

  it("refuse a blank mask before anything is stored or sent", async () => {
    const blank = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#000000" } })
      .png()
      .toBuffer();
    const code = await codeOf(
      home.api.generations.inpaintUpscale({
        workspaceId: home.workspaceId,
        projectId: home.projectId,
        photoId: home.photoIds[0],
        maskDataUrl: `data:image/png;base64,${blank.toString("base64")}`,
        inpaintingType: "remove",
      }),
    );
    expect(code).toBe("BAD_REQUEST");
    expect(await home.api.generations.list({ workspaceId: home.workspaceId, projectId: home.projectId })).toHaveLength(1);
  });
});
