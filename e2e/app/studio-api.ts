import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { createTRPCClient, httpLink } from "@trpc/client";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import superjson from "superjson";
import type { AppRouter } from "@/server/trpc/root";

/**
 * Setting up studio data for a browser test through the same tRPC procedures and
 * next-auth sign-in the pages use, over the page's own cookie jar. Specs that test a
 * page (not the flow that fills it) start here instead of clicking through sign-up,
 * forms and uploads, which keeps each spec short.
 */
export type StudioApi = ReturnType<typeof studioApi>;

/**
 * A typed tRPC client whose requests go through `request` (and so carry its session cookie).
 * They say they come from the app's own origin, as the studio's pages do: the endpoint
 * refuses writes from anywhere else (server/http/same-origin-mutation.ts).
 */
export function studioApi(request: APIRequestContext, origin = `http://localhost:${process.env.E2E_PORT ?? 3100}`) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: "/api/trpc",
        transformer: superjson,
        fetch: async (url, init) => {
          const response = await request.fetch(String(url), {
            method: init?.method ?? "GET",
            headers: { ...Object.fromEntries(new Headers(init?.headers as HeadersInit | undefined)), origin },
            data: typeof init?.body === "string" ? init.body : undefined,
          });
          return new Response(response.status() === 204 ? null : await response.text(), {
            status: response.status(),
            headers: response.headers(),
          });
        },
      }),
    ],
  });
}

export interface Person {
  name: string;
  email: string;
  password: string;
}

/**
 * Creates the account, confirms the address with the link mailed to the dev outbox (starter
 * credits wait for that), and signs the page's browser context in (next-auth credentials).
 */
export async function signUpThroughApi(page: Page, person: Person): Promise<StudioApi> {
  const api = studioApi(page.request);
  await api.auth.signUp.mutate(person);
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const outbox = await (await page.request.get(`/dev/outbox?to=${encodeURIComponent(person.email)}`)).text();
        token = outbox.match(/\/verify-email\?token=([\w-]+)/)?.[1];
        return token;
      },
      { message: "confirmation link in the outbox" },
    )
    .toBeTruthy();
  await api.auth.verifyEmail.mutate({ token: token! });
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const signIn = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: person.email, password: person.password, callbackUrl: "/workspaces", json: "true" },
  });
  expect(signIn.ok(), "credentials sign-in").toBe(true);
  const session = (await (await page.request.get("/api/auth/session")).json()) as { user?: { email?: string } };
  expect(session.user?.email).toBe(person.email);
  return api;
}

/** A small JPEG of a flat-coloured room with a darker window. */
export function roomBytes(color: string, width = 320, height = 240): Promise<Buffer> {
  const window = { create: { width: Math.round(width / 4), height: Math.round(height / 3), channels: 3 as const, background: "#334155" } };
  return sharp({ create: { width, height, channels: 3, background: color } })
    .composite([{ input: window, left: Math.round(width / 8), top: Math.round(height / 6) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Uploads photos as the uploader does: presigned PUT to storage, then confirm. Returns the photos in order. */
export async function uploadPhotos(
  page: Page,
  api: StudioApi,
  where: { workspaceId: string; projectId: string },
  files: { name: string; bytes: Buffer }[],
) {
  const targets = await api.photos.prepareUploads.mutate({
    ...where,
    files: files.map((file) => ({ fileName: file.name, contentType: "image/jpeg", bytes: file.bytes.length })),
  });
  const photos = [];
  for (const [index, target] of targets.entries()) {
    // The browser tests' app keeps files in the local store, which takes a signed PUT.
    if (target.method !== "PUT") throw new Error(`expected a PUT upload target, got ${target.method}`);
    const put = await page.request.fetch(target.url, { method: target.method, headers: target.headers, data: files[index].bytes });
    expect(put.ok(), `upload of ${target.fileName}`).toBe(true);
    photos.push(await api.photos.confirmUpload.mutate({ ...where, key: target.key, fileName: target.fileName }));
  }
  return photos;
}

export interface StudioProject {
  api: StudioApi;
  workspace: { id: string; slug: string };
  projectId: string;
  /** Path of the project page. */
  projectPath: string;
  photos: { id: string; fileName: string }[];
}

export interface ProjectFacts {
  address: string;
  propertyType?: "house" | "condo";
  price?: number | null;
  bedrooms?: number | null;
  bathrooms?: number | null;
}

/** A signed-in owner of a new workspace. */
export async function ownerOfWorkspace(page: Page, person: Person, brokerage: string) {
  const api = await signUpThroughApi(page, person);
  const workspace = await api.workspaces.create.mutate({ name: brokerage, requestId: randomUUID() });
  return { api, workspace };
}

/** Adds a listing project with the given facts and photos (320×240 rooms, one colour each). */
export async function addProject(
  page: Page,
  owner: { api: StudioApi; workspace: { id: string; slug: string } },
  facts: ProjectFacts,
  photos: { name: string; color: string }[],
): Promise<StudioProject> {
  const { api, workspace } = owner;
  const { id: projectId } = await api.projects.create.mutate({
    workspaceId: workspace.id,
    requestId: randomUUID(),
    fields: {
      address: facts.address,
      propertyType: facts.propertyType ?? "house",
      listingStatus: "active",
      listingType: "sale",
      price: facts.price ?? null,
      bedrooms: facts.bedrooms ?? null,
      bathrooms: facts.bathrooms ?? null,
      notes: "",
    },
  });
  const files = await Promise.all(photos.map(async (photo) => ({ name: photo.name, bytes: await roomBytes(photo.color) })));
  const uploaded = await uploadPhotos(page, api, { workspaceId: workspace.id, projectId }, files);
  return { api, workspace, projectId, projectPath: `/w/${workspace.slug}/projects/${projectId}`, photos: uploaded };
}

/** A signed-in owner with a workspace, one project and its photos. */
export async function projectWithPhotos(
  page: Page,
  setup: { person: Person; brokerage: string; project: ProjectFacts; photos: { name: string; color: string }[] },
) {
  return addProject(page, await ownerOfWorkspace(page, setup.person, setup.brokerage), setup.project, setup.photos);
}

/** Waits until the durable functions finish a generation (the page polls the same list). */
export async function waitForGeneration(project: StudioProject, generationId: string, timeout = 90_000) {
  await expect
    .poll(
      async () => {
        const list = await project.api.generations.list.query({ workspaceId: project.workspace.id, projectId: project.projectId });
        return list.find((generation) => generation.id === generationId)?.status;
      },
      { timeout, intervals: [500, 1000] },
    )
    .toBe("completed");
}

/** Stages a photo (1 credit) and waits for the result; returns the generation and its first output. */
export async function stagePhoto(project: StudioProject, photoId: string, style: "modern" | "japandi" = "modern") {
  const { id } = await project.api.generations.stage.mutate({
    workspaceId: project.workspace.id,
    requestId: randomUUID(),
    projectId: project.projectId,
    photoId,
    redesignType: "staging",
    roomType: "living_room",
    style,
    intensity: 0.6,
    fast: true,
  });
  await waitForGeneration(project, id);
  const generation = (await project.api.generations.list.query({ workspaceId: project.workspace.id, projectId: project.projectId })).find(
    (g) => g.id === id,
  )!;
  return { id, outputId: generation.outputs[0].id };
}

/** Renders a before / after video from a photo to a staged result (27 credits) and waits for it. */
export async function renderVideo(project: StudioProject, photoId: string, outputId: string) {
  const { id } = await project.api.generations.video.mutate({
    workspaceId: project.workspace.id,
    requestId: randomUUID(),
    projectId: project.projectId,
    mode: "before_after",
    image: { type: "photo", id: photoId },
    tailImage: { type: "output", id: outputId },
  });
  await waitForGeneration(project, id, 120_000);
  return { id };
}
