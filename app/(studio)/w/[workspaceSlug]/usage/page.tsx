import { BarChart3 } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { QuotaBar } from "@/components/workflows/quota-bar";
import { UsageChart } from "@/components/workflows/usage-chart-lazy";
import { monthLabel } from "@/components/workflows/usage-format";
import { UsageTable } from "@/components/workflows/usage-table";
import { UsageExportButton } from "@/components/credits/usage-export-button";
import { PlanAndCreditHistory } from "@/components/billing/plan-and-credit-history";
import { USAGE_OPERATION_LABELS } from "@/shared/vocabulary";
import { PLAN_LABELS } from "@/shared/plans";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";

export const metadata: Metadata = { title: "Usage" };

type Props = { params: Promise<{ workspaceSlug: string }>; searchParams: Promise<{ month?: string }> };

export default async function UsagePage({ params, searchParams }: Props) {
  const { workspaceSlug } = await params;
  const { month } = await searchParams;
  const api = await serverApi();
  const workspace = await orNotFound(api.workspaces.bySlug({ slug: workspaceSlug }));
  const validMonth = month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : undefined;
  const [usage, quota, history] = await Promise.all([
    api.usage.summary({ workspaceId: workspace.id, month: validMonth }),
    api.usage.quota({ workspaceId: workspace.id }),
    api.billing.history({ workspaceId: workspace.id }),
  ]);
  const nothingYet = usage.byMonth.every((row) => row.units === 0 && row.credits === 0);

  return (
    <>
      <PageHeader
        title="Usage"
        description="Credits and monthly quota used by this workspace, as the image service charged them."
        actions={nothingYet ? null : <UsageExportButton month={usage.month} label={monthLabel(usage.month)} />}
      />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Card className="p-5">
          <p className="text-sm text-stone-600">Credits left</p>
          <p className="mt-1 text-3xl font-semibold tabular-nums text-stone-900" data-testid="usage-credit-balance">
            {quota.ok && quota.creditBalance !== null ? quota.creditBalance.toLocaleString("en-US") : "—"}
          </p>
          <p className="mt-1 text-sm text-stone-600" data-testid="usage-plan">
            {quota.ok && quota.plan ? PLAN_LABELS[quota.plan] : "Plan unknown"}
          </p>
        </Card>
        <Card className="p-5">
          <p className="text-sm text-stone-600">Credits in {monthLabel(usage.month)}</p>
          <p className="mt-1 text-3xl font-semibold tabular-nums text-stone-900" data-testid="credits-this-month">
            {usage.credits.toLocaleString("en-US")}
          </p>
        </Card>
        <Card className="p-5">
          <p className="text-sm text-stone-600">Requests in {monthLabel(usage.month)}</p>
          <p className="mt-1 text-3xl font-semibold tabular-nums text-stone-900">{usage.units.toLocaleString("en-US")}</p>
        </Card>
        <Card className="p-5">
          {quota.ok ? (
            <QuotaBar used={quota.usedThisMonth} quota={quota.quota} />
          ) : (
            <p role="alert" className="text-sm text-red-800">
              The quota could not be read: {quota.error.message}
            </p>
          )}
        </Card>
      </div>

      {nothingYet ? (
        <EmptyState
          className="mt-6"
          icon={BarChart3}
          title="No usage yet"
          description="Credits spent on staging, renders, videos and descriptions will appear here, by month, project and teammate."
        />
      ) : (
        <>
          <Card className="mt-6 p-5">
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-base font-semibold text-stone-900">Last six months</h2>
              <nav aria-label="Month">
                <ul className="flex flex-wrap gap-1">
                  {usage.months.map((m) => (
                    <li key={m}>
                      <Link
                        href={`/w/${workspaceSlug}/usage?month=${m}`}
                        aria-current={m === usage.month ? "page" : undefined}
                        className={cx(
                          "inline-block rounded-md px-2.5 py-1 text-sm",
                          m === usage.month ? "bg-accent-50 font-medium text-accent-800" : "text-stone-700 hover:bg-stone-100",
                        )}
                      >
                        {monthLabel(m, true)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            </div>
            <UsageChart data={usage.byMonth} />
            <p className="mt-2 flex gap-4 text-xs text-stone-600">
              <span className="inline-flex items-center gap-1.5">
                <span className="size-2.5 rounded-sm bg-accent-600" aria-hidden="true" /> Credits
              </span>
              <span className="inline-flex items-center gap-1.5">
                <span className="size-2.5 rounded-sm bg-accent-200" aria-hidden="true" /> Requests
              </span>
            </p>
            <div className="mt-4">
              <UsageTable
                caption="By month"
                nameHeader="Month"
                rows={usage.byMonth.map((row) => ({ key: row.month, name: monthLabel(row.month), credits: row.credits, units: row.units }))}
              />
            </div>
          </Card>
          <div className="mt-6 grid gap-4 lg:grid-cols-3">
            <Card className="p-5">
              <UsageTable
                caption={`By operation · ${monthLabel(usage.month)}`}
                nameHeader="Operation"
                rows={usage.byOperation.map((row) => ({
                  key: row.operation,
                  name: USAGE_OPERATION_LABELS[row.operation],
                  credits: row.credits,
                  units: row.units,
                }))}
              />
            </Card>
            <Card className="p-5">
              <UsageTable
                caption={`By project · ${monthLabel(usage.month)}`}
                nameHeader="Project"
                rows={usage.byProject.map((row) => ({
                  key: row.projectId ?? "none",
                  name: row.address,
                  credits: row.credits,
                  units: row.units,
                }))}
              />
            </Card>
            <Card className="p-5">
              <UsageTable
                caption={`By member · ${monthLabel(usage.month)}`}
                nameHeader="Member"
                rows={usage.byMember.map((row) => ({ key: row.userId ?? "none", name: row.name, credits: row.credits, units: row.units }))}
              />
            </Card>
          </div>
        </>
      )}
      <Card className="mt-6 p-5">
        <h2 className="mb-3 text-base font-semibold text-stone-900">Plan and credit changes</h2>
        <PlanAndCreditHistory rows={history} />
      </Card>
    </>
  );
}
