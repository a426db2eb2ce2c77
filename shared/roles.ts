/**
 * Workspace roles, from most to least powerful. Owners manage everything including
 * other owners; admins manage members and invitations and read the audit log; agents
 * work on projects and photos only.
 */
import type { WorkspaceRole } from "./vocabulary";

const RANK: Record<WorkspaceRole, number> = { owner: 3, admin: 2, agent: 1 };

/** What each role may do, as the Members page says it (the Developers section is the API keys, request log and webhooks). */
export const ROLE_SUMMARY = "Agents work on projects and photos. Admins also manage members, invitations and the Developers section: API keys, the request log and webhooks.";

export function roleAtLeast(role: WorkspaceRole, minimum: WorkspaceRole): boolean {
  return RANK[role] >= RANK[minimum];
}

/** Whether `actor` may grant, change or take away `target` (an existing or a new role). */
export function canManageRole(actor: WorkspaceRole, target: WorkspaceRole): boolean {
  if (actor === "owner") return true;
  return actor === "admin" && target !== "owner";
}

/**
 * What takes work away from the team needs an owner or admin: archiving a project,
 * unpublishing a listing page, deleting a teammate's photo or result. The server refuses
 * and the UI hides the controls by these same rules.
 */
export function mayCurateProjects(role: WorkspaceRole): boolean {
  return roleAtLeast(role, "admin");
}

/**
 * One rule for deleting a photo or a result: anyone may delete what they uploaded or
 * made; a teammate's (or one whose maker left) needs an owner or admin.
 */
export function mayDeleteWork(role: WorkspaceRole, work: { createdBy: string | null; userId: string }): boolean {
  return mayCurateProjects(role) || (work.createdBy !== null && work.createdBy === work.userId);
}
