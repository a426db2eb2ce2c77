/**
 * Tables of the studio (the brokerage web app), in their own Postgres schema `studio`.
 * The studio never reads the `v1` schema: it talks to the service over HTTP with the
 * workspace's key, so the only link to a v1 account is the encrypted key stored here.
 */
import { relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, inList, updatedAt, uuidKey } from "./columns";
import type { KeptArea } from "../../shared/kept-areas";
import { AGENT_GRANTABLE, type AgentGrant } from "../../shared/roles";
import {
  INVITATION_ROLES,
  WORKSPACE_ROLES,
  type ListingStatus,
  type ListingType,
  type PropertyType,
  type RoomType,
  type WorkspaceRole,
} from "../../shared/vocabulary";

export const studio = pgSchema("studio");

export const users = studio.table(
  "users",
  {
    id: uuidKey(),
    /** Stored lower-cased so sign-in is case-insensitive. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** argon2id hash; null for people who only ever signed in with an OAuth provider. */
    passwordHash: text("password_hash"),
    image: text("image"),
    /** Set when the person followed the link mailed to this address; null until then. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true, mode: "date" }),
    /** When the person's one grant of starter credits was taken (server/studio/users/starter-credits.ts). */
    starterCreditsGrantedAt: timestamp("starter_credits_granted_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

/** The workspace a row belongs to, deleted with it. */
export function workspaceColumn() {
  return uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });
}

/** The project a row belongs to, deleted with it. */
export function projectColumn() {
  return uuid("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" });
}

export const workspaces = studio.table(
  "workspaces",
  {
    id: uuidKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    /** AES-GCM envelope from server/crypto: the key of the workspace's provisioned v1 account. */
    v1ApiKeyEncrypted: text("v1_api_key_encrypted"),
    /** The first characters of the key, the only part ever shown back. */
    v1ApiKeyPrefix: text("v1_api_key_prefix"),
    /** The v1 account the studio provisioned for the workspace (server/studio/workspaces/provision-v1-account.ts). */
    v1AccountId: text("v1_account_id"),
    /** Who made the workspace: an account claimed back by its address's owner keeps only what it made (review-reclaimed-account.ts). */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The MLS rule set the studio checks edits against (shared/mls-rules.ts). */
    mlsRuleSet: text("mls_rule_set").notNull().default("general"),
    /** What the owners let every agent do as well (shared/roles.ts AGENT_GRANTABLE): none by default. */
    agentGrants: text("agent_grants")
      .array()
      .$type<AgentGrant[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The creating action's id from the browser: a repeated create returns this row. */
    requestId: uuid("request_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("workspaces_slug_unique").on(t.slug),
    uniqueIndex("workspaces_request_unique").on(t.requestId),
    check("workspaces_agent_grants_known", sql`${t.agentGrants} <@ array[${inList(AGENT_GRANTABLE)}]::text[]`),
  ],
);

export const members = studio.table(
  "members",
  {
    workspaceId: workspaceColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<WorkspaceRole>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index("members_user_idx").on(t.userId),
    check("members_role_known", sql`${t.role} in (${inList(WORKSPACE_ROLES)})`),
  ],
);

export const invitations = studio.table(
  "invitations",
  {
    id: uuidKey(),
    workspaceId: workspaceColumn(),
    /** sha256 of the token in the link: a database leak does not leak usable links. */
    tokenHash: text("token_hash").notNull(),
    role: text("role").$type<WorkspaceRole>().notNull(),
    email: text("email"),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true, mode: "date" }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    /** The creating action's id from the browser: a repeated create returns this row. */
    requestId: uuid("request_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invitations_token_hash_unique").on(t.tokenHash),
    uniqueIndex("invitations_request_unique").on(t.workspaceId, t.requestId),
    index("invitations_workspace_idx").on(t.workspaceId),
    // In the role table's order (owner, admin, agent), as the constraint was first written.
    check(
      "invitations_role_known",
      sql`${t.role} in (${inList(WORKSPACE_ROLES.filter((role) => (INVITATION_ROLES as readonly string[]).includes(role)))})`,
    ),
  ],
);

export const projects = studio.table(
  "projects",
  {
    id: uuidKey(),
    workspaceId: workspaceColumn(),
    address: text("address").notNull(),
    propertyType: text("property_type").$type<PropertyType>().notNull(),
    listingStatus: text("listing_status").$type<ListingStatus>().notNull(),
    listingType: text("listing_type").$type<ListingType>().notNull(),
    /** Whole currency units; listings are never priced in cents. */
    price: bigint("price", { mode: "number" }),
    bedrooms: integer("bedrooms"),
    /** Real because of half baths (2.5). */
    bathrooms: real("bathrooms"),
    notes: text("notes").notNull().default(""),
    coverPhotoId: uuid("cover_photo_id"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    archivedAt: timestamp("archived_at", { withTimezone: true, mode: "date" }),
    /** The creating action's id from the browser: a repeated create returns this row. */
    requestId: uuid("request_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("projects_workspace_idx").on(t.workspaceId, t.archivedAt),
    uniqueIndex("projects_request_unique").on(t.workspaceId, t.requestId),
  ],
);

export const photos = studio.table(
  "photos",
  {
    id: uuidKey(),
    workspaceId: workspaceColumn(),
    projectId: projectColumn(),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * Where the photo's file stood among the files chosen with it: handed out when the
     * upload was prepared (prepare-uploads.ts), so the grid keeps the order of the file
     * picker whichever upload finishes first. Null for photos uploaded before; they come first.
     */
    position: bigint("position", { mode: "number" }),
    /** The room type its pixels plainly show (server/images/analyze.ts), found at upload; null when they do not tell. */
    suggestedRoomType: text("suggested_room_type").$type<RoomType>(),
    /**
     * False only for photos stored before thumbnail and display copies were made
     * (server/images/derivatives.ts); they are made on the first request (make-missing-copies.ts).
     */
    resized: boolean("resized").notNull().default(true),
    /**
     * The areas the agent keeps exactly in every result of this photo (D17): the mask
     * (white where kept, the photo's aspect ratio) and what each area is. Both null when
     * nothing is kept. Stored with the photo, so a batch and a redo keep them too.
     */
    keepMaskKey: text("keep_mask_key"),
    keptAreas: jsonb("kept_areas").$type<KeptArea[]>(),
    /** Set when a member deletes the photo: hidden at once, gone for good after the undo window (delete-photo.ts). */
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("photos_storage_key_unique").on(t.storageKey), index("photos_project_idx").on(t.projectId)],
);

export const workspacesRelations = relations(workspaces, ({ many }) => ({
  members: many(members),
  projects: many(projects),
}));

export const membersRelations = relations(members, ({ one }) => ({
  workspace: one(workspaces, { fields: [members.workspaceId], references: [workspaces.id] }),
  user: one(users, { fields: [members.userId], references: [users.id] }),
}));

export const projectsRelations = relations(projects, ({ one, many }) => ({
  workspace: one(workspaces, { fields: [projects.workspaceId], references: [workspaces.id] }),
  photos: many(photos),
}));

export const photosRelations = relations(photos, ({ one }) => ({
  project: one(projects, { fields: [photos.projectId], references: [projects.id] }),
}));
