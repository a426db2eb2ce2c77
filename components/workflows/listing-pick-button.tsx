"use client";
import { Check, Plus } from "lucide-react";
import { createContext, useContext, type ReactNode } from "react";
import { Button } from "@/components/ui";
import { useListing } from "./use-listing";

const ListingProject = createContext<string | null>(null);

/** The project whose listing page the results below can be put on. */
export function ListingProjectProvider({ projectId, children }: { projectId: string; children: ReactNode }) {
  return <ListingProject.Provider value={projectId}>{children}</ListingProject.Provider>;
}

/** Puts a result on the project's listing page (at the end) or takes it off. */
export function ListingPickButton({ outputId }: { outputId: string }) {
  const projectId = useContext(ListingProject);
  return projectId ? <PickButton projectId={projectId} outputId={outputId} /> : null;
}

function PickButton({ projectId, outputId }: { projectId: string; outputId: string }) {
  const { listing, isPicked, toggle, saving } = useListing(projectId);
  if (!listing.data) return null;
  const picked = isPicked(outputId);
  return (
    <Button variant={picked ? "secondary" : "ghost"} size="sm" disabled={saving} aria-pressed={picked} onClick={() => toggle(outputId)}>
      {picked ? <Check className="size-4" aria-hidden="true" /> : <Plus className="size-4" aria-hidden="true" />}
      {picked ? "On listing page" : "Add to listing"}
    </Button>
  );
}
