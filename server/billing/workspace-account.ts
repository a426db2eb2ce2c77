/**
 * The v1 account behind a workspace (provisioned by this deployment), for the operator's
 * command line and for billing, which acts on that account's plan, quota and credits.
 */
import "server-only";
import { eq, or } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { workspaceBilling, workspaces, type WorkspaceBilling } from "@/db/schema";
import { AppError } from "@/server/errors";

export interface WorkspaceAccount {
  workspaceId: string;
  slug: string;
  name: string;
  accountId: string;
  billing: WorkspaceBilling | null;
}

/** By slug or id. A workspace connected to another deployment's account has none here: not_found. */
export async function workspaceAccount(db: Tx, slugOrId: string): Promise<WorkspaceAccount> {
  const found = await findWorkspaceAccount(db, slugOrId);
  if (!found)
    throw new AppError(
      "not_found",
      "This workspace uses an image service account of another deployment; its plan and credits are set there.",
    );
  return found;
}

/** The same, or null for a workspace whose account is another deployment's (its billing happens there). */
export async function findWorkspaceAccount(db: Tx, slugOrId: string): Promise<WorkspaceAccount | null> {
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(slugOrId);
  const [row] = await db
    .select({
      workspaceId: workspaces.id,
      slug: workspaces.slug,
      name: workspaces.name,
      accountId: workspaces.v1AccountId,
      billing: workspaceBilling,
    })
    .from(workspaces)
    .leftJoin(workspaceBilling, eq(workspaceBilling.workspaceId, workspaces.id))
    .where(isId ? or(eq(workspaces.id, slugOrId), eq(workspaces.slug, slugOrId)) : eq(workspaces.slug, slugOrId));
  if (!row) throw new AppError("not_found", "No such workspace.");
  return row.accountId ? { ...row, accountId: row.accountId } : null;
}
