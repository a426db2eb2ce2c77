/**
 * Workspace roles, from most to least powerful, and what each may do. Owners manage
 * everything including other owners; admins manage members and invitations and read the
 * audit log; agents work on projects and photos, and do more only where an owner allows
 * it in Settings (AGENT_GRANTABLE). Callers ask for a permission (`hasPermission`), never
 * compare roles themselves: the server refuses and the UI hides controls by this table.
 */
import type { WorkspaceRole } from "./vocabulary";

const RANK: Record<WorkspaceRole, number> = { owner: 3, admin: 2, agent: 1 };

export function roleAtLeast(role: WorkspaceRole, minimum: WorkspaceRole): boolean {
  return RANK[role] >= RANK[minimum];
}

/** What a member may do beyond working on projects, photos and the listing page's draft. */
export const PERMISSIONS = ["publish_listing", "unpublish_listing", "grant_agent_permissions", "manage_developer_access"] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * The role table: what each role may do in every workspace. manage_developer_access is the
 * Developers section (API keys, request log, webhooks, connected apps) and approving an AI
 * assistant's sign-in for the workspace: whoever holds it may hand out the account's API.
 */
export const ROLE_PERMISSIONS: Record<WorkspaceRole, readonly Permission[]> = {
  owner: ["publish_listing", "unpublish_listing", "grant_agent_permissions", "manage_developer_access"],
  admin: ["publish_listing", "unpublish_listing", "manage_developer_access"],
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

/** Every permission `role` holds in a workspace with these agent grants. */
export function permissionsOf(role: WorkspaceRole, grants: readonly AgentGrant[] = []): Permission[] {
  return PERMISSIONS.filter((permission) => hasPermission(role, permission, grants));
}

/** Whether `actor` may grant, change or take away `target` (an existing or a new role). */
export function canManageRole(actor: WorkspaceRole, target: WorkspaceRole): boolean {
  if (actor === "owner") return true;
  return actor === "admin" && target !== "owner";
}

/**
 * What takes work away from the team needs an owner or admin: archiving a project,
 * deleting a teammate's result. The server refuses and the UI hides the controls by these
 * same rules.
 */
export function mayCurateProjects(role: WorkspaceRole): boolean {
  return roleAtLeast(role, "admin");
}

/** Anyone may delete a result they made; a teammate's (or one whose maker left) needs an owner or admin. */
export function mayDeleteResult(role: WorkspaceRole, result: { createdBy: string | null; userId: string }): boolean {
  return mayCurateProjects(role) || (result.createdBy !== null && result.createdBy === result.userId);
}
