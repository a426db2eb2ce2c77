/**
 * The studio's fixed word lists and their labels. Pure module (no server imports): the
 * database schema, the tRPC inputs and client components all read from here.
 */
export const WORKSPACE_ROLES = ["owner", "admin", "agent"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
export const ROLE_LABELS: Record<WorkspaceRole, string> = { owner: "Owner", admin: "Admin", agent: "Agent" };

export const PROPERTY_TYPES = ["house", "apartment", "condo", "townhouse", "land", "commercial", "other"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  house: "House",
  apartment: "Apartment",
  condo: "Condo",
  townhouse: "Townhouse",
  land: "Land",
  commercial: "Commercial",
  other: "Other",
};

export const LISTING_STATUSES = ["draft", "coming_soon", "active", "pending", "sold", "off_market"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  draft: "Draft",
  coming_soon: "Coming soon",
  active: "Active",
  pending: "Pending",
  sold: "Sold",
  off_market: "Off market",
};

export const LISTING_TYPES = ["sale", "rent"] as const;
export type ListingType = (typeof LISTING_TYPES)[number];
export const LISTING_TYPE_LABELS: Record<ListingType, string> = { sale: "For sale", rent: "For rent" };
