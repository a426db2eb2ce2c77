/**
 * The tests' fixtures, made through the app's own verbs: a v1 account with a key (as
 * `npm run admin -- account create` makes one), and a person with a workspace (its own
 * v1 account, provisioned as in the embedded default), a project and uploaded photos.
 */
import { getDb } from "@/db/client";
import { getBlobStore } from "@/server/storage";
import { createAccount } from "@/server/v1/services/accounts/create-account";
import type { Plan } from "@/shared/vocabulary";
import { newPerson } from "./callers";
import { roomPhoto } from "./images";

let counter = 0;

/** A fresh v1 account with a key, as `npm run admin -- account create` makes one. */
export async function makeAccount(input: { plan?: Plan; credits?: number; quota?: number } = {}) {
  const db = await getDb();
  return createAccount(
    { db },
    { name: `test-${process.pid}-${++counter}`, plan: input.plan ?? "business", credits: input.credits ?? 100, quota: input.quota },
  );
}

export const projectFields = {
  address: "12 Harbour View",
  propertyType: "house",
  listingStatus: "active",
  listingType: "sale",
  price: 850000,
  bedrooms: 3,
  bathrooms: 2,
  notes: "",
} as const;

export async function studioWithPhotos(name: string, photoCount: number, options: { confirmed?: boolean } = {}) {
  const person = await newPerson(name, options);
  const workspaceId = (await person.api.workspaces.create({ name: `${name} Realty` })).id;
  const projectId = (await person.api.projects.create({ workspaceId, fields: projectFields })).id;
  const photoIds: string[] = [];
  for (let i = 0; i < photoCount; i++) {
    const bytes = await roomPhoto(320, 240, { wall: ["#d9d4c7", "#cfd8dc", "#e8dcc8", "#d7ccc8"][i % 4] });
    const fileName = `room-${i + 1}.jpg`;
    const [target] = await person.api.photos.prepareUploads({
      workspaceId,
      projectId,
      files: [{ fileName, contentType: "image/jpeg", bytes: bytes.length }],
    });
    await getBlobStore().put(target.key, bytes, "image/jpeg");
    photoIds.push((await person.api.photos.confirmUpload({ workspaceId, projectId, key: target.key, fileName })).id);
  }
  return { ...person, workspaceId, projectId, photoIds };
}
