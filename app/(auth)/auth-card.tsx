import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  return (
    <Card className="px-6 py-8 sm:px-8">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mb-6 mt-1 text-sm text-stone-600">{subtitle}</p>
      {children}
    </Card>
  );
}
