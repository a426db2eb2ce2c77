"use client";
import Link from "next/link";
import { useWorkspace } from "@/components/shell/workspace-context";
import { allows } from "@/shared/roles";

/** For those who manage billing: the way from "not enough credits" to buying some. Others are told who can. */
export function AddCreditsLink({ onNavigate }: { onNavigate?: () => void }) {
  const workspace = useWorkspace();
  if (!allows(workspace, "manage_billing")) return null;
  return (
    <Link href={`/w/${workspace.slug}/billing`} onClick={onNavigate} className="font-medium text-accent-800 underline underline-offset-2">
      Add credits
    </Link>
  );
}
