import { BarChart3 } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Usage" };

export default function UsagePage() {
  return (
    <>
      <PageHeader title="Usage" description="Credits and monthly quota used by this workspace." />
      <EmptyState
        icon={BarChart3}
        title="No usage yet"
        description="Credits spent on staging, renders, videos and descriptions will appear here, by month, project and teammate."
      />
    </>
  );
}
