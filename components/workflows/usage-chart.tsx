"use client";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { monthLabel } from "./usage-format";

/**
 * Credits per month (bars) for the last six months. The same numbers are in the table
 * below the chart, so the chart itself is hidden from screen readers.
 */
export function UsageChart({ data }: { data: { month: string; credits: number; units: number }[] }) {
  const rows = data.map((row) => ({ ...row, label: monthLabel(row.month, true) }));
  return (
    <div aria-hidden="true" className="h-64 w-full" data-testid="usage-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e7e5e4" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: "#57534e", fontSize: 12 }} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: "#57534e", fontSize: 12 }} />
          <Tooltip cursor={{ fill: "#f5f5f4" }} formatter={(value, name) => [value, name === "credits" ? "Credits" : "Requests"]} />
          <Bar isAnimationActive={false} dataKey="credits" name="credits" fill="#0f766e" radius={[4, 4, 0, 0]} />
          <Bar isAnimationActive={false} dataKey="units" name="units" fill="#99f6e4" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
