/**
 * Issue 42, point 5: the property data confirmed in the description form is the
 * project's from then on (the price typed there shows on the project and its card).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { createStudioContext } from "@/server/studio/context";
import { adoptConfirmedFacts } from "@/server/studio/projects/adopt-confirmed-facts";
import { newPerson } from "@/test/callers";

let owner: Awaited<ReturnType<typeof newPerson>>;
let workspaceId: string;

beforeAll(async () => {
  owner = await newPerson("Paz");
  workspaceId = (await owner.api.workspaces.create({ name: "Paz Homes" })).id;
});

afterAll(closeDb);

describe("facts confirmed for a description", () => {
  it("become the project's: price, rooms, type and address; what was left empty is kept", async () => {
    const fields = {
      address: "3 Quay Street",
      propertyType: "house",
      listingStatus: "active",
      listingType: "sale",
      price: null,
      bedrooms: 2,
      bathrooms: null,
      notes: "Keys with the porter",
    } as const;
    const { id: projectId } = await owner.api.projects.create({ workspaceId, fields });
    await adoptConfirmedFacts(await createStudioContext(), {
      workspaceId,
      projectId,
      property: {
        address: "3 Quay Street, Unit 2",
        propertyType: "condo",
        listingStatus: "coming_soon",
        listingType: "sale",
        price: 850000,
        bathrooms: 1.5,
        highlights: [],
      },
    });
    const project = await owner.api.projects.get({ workspaceId, projectId });
    expect(project).toMatchObject({
      address: "3 Quay Street, Unit 2",
      propertyType: "condo",
      listingStatus: "coming_soon",
      price: 850000,
      bedrooms: 2,
      bathrooms: 1.5,
      notes: "Keys with the porter",
    });
  });

  it("keep the project's own words where the form's are not the project's vocabulary", async () => {
    const fields = {
      address: "9 Mill Lane",
      propertyType: "house",
      listingStatus: "active",
      listingType: "sale",
      price: 400000,
      bedrooms: null,
      bathrooms: null,
      notes: "",
    } as const;
    const { id: projectId } = await owner.api.projects.create({ workspaceId, fields });
    await adoptConfirmedFacts(await createStudioContext(), {
      workspaceId,
      projectId,
      property: { propertyType: "castle", price: 410000.5, highlights: [] },
    });
    expect(await owner.api.projects.get({ workspaceId, projectId })).toMatchObject({ propertyType: "house", price: 400000 });
  });
});
