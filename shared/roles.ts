/**
 * Workspace roles, from most to least powerful, and what each may do: the permission
 * table. Owners hold every permission (billing, deleting the workspace, the owner role,
 * taking over a departing member's keys); admins manage members and invitations, read the
 * audit log, run the Developers section, change the workspace's settings, archive
 * projects and delete others' work; agents work on projects and photos, and do more only
 * where an owner allows it in Settings (AGENT_GRANTABLE). Callers ask for a permission
 * (`permittedProcedure`, `hasPermission`, `allows(workspace, …)` in the UI, `rolesWith` in
 * a query), never compare roles themselves: the server refuses and the UI hides controls
 * by this table, and scripts/restatements.ts fails a role compared by name elsewhere.
 */
import { WORKSPACE_ROLES, type WorkspaceRole } from "./vocabulary";

const RANK: Record<WorkspaceRole, number> = { owner: 3, admin: 2, agent: 1 };

/** The role that holds every permission; a workspace always keeps at least one member in it. */
export const OWNER = "owner" as const satisfies WorkspaceRole;

/** What each role may do, as the Members page says it (the Developers section is the API keys, request log and webhooks). */
export const ROLE_SUMMARY =
  "Agents work on projects and photos. Admins also manage members, invitations and the Developers section: API keys, the request log and webhooks.";

/** The roles' order, for tests that walk every role (server/trpc/access-table.test.ts); never a rule: ask for a permission. */
export function roleAtLeast(role: WorkspaceRole, minimum: WorkspaceRole): boolean {
  return RANK[role] >= RANK[minimum];
}

/**
 * What a member may do beyond working on projects, photos and the listing page's draft.
 * manage_developers is the Developers section (API keys, the request log, webhooks,
 * connected apps) and approving an AI assistant's sign-in for the workspace: whoever holds
 * it may hand out the account's API;
 * take_over_credentials is taking a departing member's keys and endpoints instead of
 * revoking them; manage_owners is granting, changing or removing the owner role.
 */
export const PERMISSIONS = [
  "publish_listing",
  "unpublish_listing",
  "grant_agent_permissions",
  "manage_members",
  "manage_owners",
  "read_audit_log",
  "manage_developers",
  "take_over_credentials",
  "manage_workspace",
  "delete_workspace",
  "archive_projects",
  "delete_others_work",
  "manage_billing",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What owners and admins both may do; owners hold every permission. */
const ADMIN_PERMISSIONS = [
  "publish_listing",
  "unpublish_listing",
  "manage_members",
  "read_audit_log",
  "manage_developers",
  "manage_workspace",
  "archive_projects",
  "delete_others_work",
] as const satisfies readonly Permission[];

/** The role table: what each role may do in every workspace. */
export const ROLE_PERMISSIONS: Record<WorkspaceRole, readonly Permission[]> = {
  [OWNER]: PERMISSIONS,
  admin: ADMIN_PERMISSIONS,
  agent: [],
};

/** What an owner may let every agent of the workspace do as well (Settings → Agents). */
export const AGENT_GRANTABLE = ["publish_listing"] as const satisfies readonly Permission[];
export type AgentGrant = (typeof AGENT_GRANTABLE)[number];

export const AGENT_GRANT_LABELS: Record<AgentGrant, { label: string; hint: string }> = {
  publish_listing: {
    label: "Agents may publish listing pages",
    hint: "Off: agents change a listing page's draft and an owner or admin publishes it. On: agents publish too.",
  },
};

/** Who holds a permission, in words for a refusal or a hint: "owners and admins". */
export function holdersOf(permission: Permission, grants: readonly AgentGrant[] = []): string {
  const roles = (Object.keys(ROLE_PERMISSIONS) as WorkspaceRole[]).filter((role) => hasPermission(role, permission, grants));
  const words = roles.map((role) => `${role}s`);
  return words.length <= 1 ? (words[0] ?? "nobody") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

function isAgentGrant(permission: Permission): permission is AgentGrant {
  return (AGENT_GRANTABLE as readonly Permission[]).includes(permission);
}

/** Whether `role` may do `permission` in a workspace whose owner granted agents `grants`. */
export function hasPermission(role: WorkspaceRole, permission: Permission, grants: readonly AgentGrant[] = []): boolean {
  if (ROLE_PERMISSIONS[role].includes(permission)) return true;
  return role === "agent" && isAgentGrant(permission) && grants.includes(permission);
}

/** Whether a workspace summary (its `permissions`, as the UI receives them) allows `permission`. */
export function allows(workspace: { permissions: readonly Permission[] }, permission: Permission): boolean {
  return workspace.permissions.includes(permission);
}

/** Every permission `role` holds in a workspace with these agent grants. */
export function permissionsOf(role: WorkspaceRole, grants: readonly AgentGrant[] = []): Permission[] {
  return PERMISSIONS.filter((permission) => hasPermission(role, permission, grants));
}

/** The roles that hold `permission` without any grant: whom a query looks for ("the members who manage billing"). */
export function rolesWith(permission: Permission): WorkspaceRole[] {
  return WORKSPACE_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/** Whether `actor` may grant, change or take away `target` (an existing or a new role). */
export function canManageRole(actor: WorkspaceRole, target: WorkspaceRole): boolean {
  if (!hasPermission(actor, "manage_members")) return false;
  return hasPermission(actor, "manage_owners") || !ROLE_PERMISSIONS[target].includes("manage_owners");
}

/** Whether a role change takes the Developers section away: what the member holds there is settled first. */
export function losesDevelopers(from: WorkspaceRole, to: WorkspaceRole): boolean {
  return hasPermission(from, "manage_developers") && !hasPermission(to, "manage_developers");
}

export function isOwnerRole(role: WorkspaceRole): boolean {
  return role === OWNER;
}

/**
 * One rule for deleting a photo or a result: anyone may delete what they uploaded or
 * made; a teammate's (or one whose maker left) needs delete_others_work.
 */
export function mayDeleteWork(role: WorkspaceRole, work: { createdBy: string | null; userId: string }): boolean {
  return hasPermission(role, "delete_others_work") || (work.createdBy !== null && work.createdBy === work.userId);
}
