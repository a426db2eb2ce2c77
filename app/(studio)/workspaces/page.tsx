import { Building2, ChevronRight } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { HomeLink } from "@/components/shell/logo";
import { UserMenu } from "@/components/shell/user-menu";
import { Badge } from "@/components/ui/badge";
import { Card, Panel } from "@/components/ui/card";
import { CreateWorkspaceForm } from "@/components/workspaces/create-workspace-form";
import { requireUser } from "@/server/auth/session";
import { chosenPaidPlan, PLAN_TABLE } from "@/shared/plans";
import { ROLE_LABELS } from "@/shared/vocabulary";
import { serverApi } from "@/server/trpc/server-caller";

export const metadata: Metadata = { title: "Workspaces" };

/** Where people land after sign-in: pick a brokerage workspace or create the first one. */
export default async function WorkspacesPage({ searchParams }: { searchParams: Promise<{ new?: string; plan?: string }> }) {
  const query = await searchParams;
  const plan = chosenPaidPlan(query.plan);
  const user = await requireUser(plan ? `/workspaces?plan=${plan}` : "/workspaces");
  const api = await serverApi();
  const workspaces = await api.workspaces.list();
  const creating = query.new === "1";
  // With a plan chosen on the pricing page, each way into a workspace leads to its billing page to take it.
  const into = (slug: string) => (plan ? `/w/${slug}/billing?plan=${plan}` : `/w/${slug}/projects`);

  return (
    <div className="min-h-dvh">
      <header className="flex h-16 items-center justify-between border-b border-stone-200 bg-white px-4 sm:px-6">
        <HomeLink href="/workspaces" />
        <UserMenu user={user} />
      </header>
      <main className="mx-auto max-w-2xl space-y-8 px-4 py-10 sm:py-16">
        {workspaces.length === 0 ? (
          <div className="text-center">
            <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-accent-100 text-accent-700">
              <Building2 className="size-7" aria-hidden="true" />
            </span>
            <h1 className="mt-5 text-3xl font-semibold tracking-tight">Set up your brokerage</h1>
            <p className="mt-2 text-stone-600">
              A workspace holds your team, your listings and their photos. It comes with starter credits so you can stage a room right away.
            </p>
          </div>
        ) : (
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">Your workspaces</h1>
            <p className="mt-1 text-sm text-stone-600">Choose a brokerage to work in.</p>
            <Card className="mt-6 divide-y divide-stone-200">
              <ul className="divide-y divide-stone-200">
                {workspaces.map((workspace) => (
                  <li key={workspace.id}>
                    <Link href={into(workspace.slug)} className="flex items-center gap-4 px-5 py-4 hover:bg-stone-50">
                      <span
                        className="flex size-10 items-center justify-center rounded-lg bg-accent-100 font-semibold text-accent-800"
                        aria-hidden="true"
                      >
                        {workspace.name[0]?.toUpperCase()}
                      </span>
                      <span className="flex-1 font-medium">{workspace.name}</span>
                      <Badge>{ROLE_LABELS[workspace.role]}</Badge>
                      <ChevronRight className="size-4 text-stone-500" aria-hidden="true" />
                    </Link>
                  </li>
                ))}
              </ul>
            </Card>
          </div>
        )}
        {plan ? (
          <p role="status" className="rounded-xl bg-accent-50 px-4 py-3 text-sm text-accent-900 ring-1 ring-accent-200">
            You chose {PLAN_TABLE[plan].label} on the pricing page.{" "}
            {workspaces.length === 0 ? "Create your workspace" : "Choose or create the workspace"}, then confirm the plan at checkout on its
            billing page.
          </p>
        ) : null}
        <Panel title={workspaces.length === 0 ? "Name your workspace" : "Create another workspace"}>
          <CreateWorkspaceForm autoFocus={workspaces.length === 0 || creating} plan={plan} />
        </Panel>
      </main>
    </div>
  );
}
