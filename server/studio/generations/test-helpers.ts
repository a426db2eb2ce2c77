/**
 * Shared set-up of the studio workflow tests: a person with a workspace (its own v1
 * account, provisioned as in the embedded default), a project and uploaded photos.
 */
import "server-only";
import { getBlobStore } from "@/server/storage";
import { newPerson } from "@/server/trpc/test/callers";
import { roomPhoto } from "@/test/images";

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
    const [target] = await person.api.photos.prepareUploads({ workspaceId, projectId, files: [{ fileName, contentType: "image/jpeg", bytes: bytes.length }] });
    await getBlobStore().put(target.key, bytes, "image/jpeg");
    photoIds.push((await person.api.photos.confirmUpload({ workspaceId, projectId, key: target.key, fileName })).id);
  }
  return { ...person, workspaceId, projectId, photoIds };
}
