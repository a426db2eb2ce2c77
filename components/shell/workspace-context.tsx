"use client";
import { createContext, useContext, type ReactNode } from "react";
import type { WorkspaceSummary } from "@/server/studio/workspaces/list-workspaces";

const WorkspaceContext = createContext<WorkspaceSummary | null>(null);

/** The current workspace (from the URL), for client components under /w/[workspaceSlug]. */
export function WorkspaceProvider({ workspace, children }: { workspace: WorkspaceSummary; children: ReactNode }) {
  return <WorkspaceContext.Provider value={workspace}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): WorkspaceSummary {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error("useWorkspace must be used under app/(studio)/w/[workspaceSlug].");
  return workspace;
}
