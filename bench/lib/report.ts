/**
 * What each figure hands back, and its two renderings: aligned text for the terminal
 * and Markdown for bench/RESULTS.md. Targets are reported as met or missed, never
 * asserted: machines here are noisy.
 */

export interface Target {
  name: string;
  met: boolean;
  /** The measured value against the target, e.g. "63 % of baseline (target ≥ 50 %)". */
  detail: string;
}

export interface Figure {
  id: number;
  title: string;
  /** How it was measured, in one or two sentences. */
  method: string;
  columns: string[];
  rows: string[][];
  targets: Target[];
  notes: string[];
}

export function failedFigure(id: number, title: string, error: unknown): Figure {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return {
    id,
    title,
    method: "",
    columns: [],
    rows: [],
    targets: [{ name: "ran", met: false, detail: "the figure failed" }],
    notes: [`Failed: ${message}`],
  };
}

/**
 * One figure measured once per staging provider (figures 7 and 9): a provider column
 * before the rows, each target and note named by its provider. A part that failed
 * keeps its "ran: missed" target and its error note.
 */
export function perProvider(id: number, title: string, parts: { label: string; figure: Figure }[]): Figure {
  const measured = parts.find((p) => p.figure.columns.length > 0)?.figure;
  return {
    id,
    title,
    method: parts
      .filter((p) => p.figure.method)
      .map((p) => `${p.label}: ${p.figure.method}`)
      .join(" "),
    columns: measured ? ["provider", ...measured.columns] : [],
    rows: parts.flatMap((p) => p.figure.rows.map((row) => [p.label, ...row])),
    targets: parts.flatMap((p) => p.figure.targets.map((t) => ({ ...t, name: `${p.label}: ${t.name}` }))),
    notes: parts.flatMap((p) => p.figure.notes.map((n) => `${p.label}: ${n}`)),
  };
}

function textTable(columns: string[], rows: string[][]): string {
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (cell ?? "").padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [line(columns), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

const mark = (t: Target) => `${t.met ? "met   " : "MISSED"} ${t.name}: ${t.detail}`;

export function renderText(figure: Figure): string {
  const parts = [`\n== ${figure.id}. ${figure.title}`];
  if (figure.rows.length) parts.push(textTable(figure.columns, figure.rows));
  parts.push(...figure.targets.map(mark), ...figure.notes.map((n) => `note: ${n}`));
  return parts.join("\n");
}

function markdownTable(columns: string[], rows: string[][]): string {
  const escape = (cell: string) => (cell ?? "").replace(/\|/g, "\\|");
  return [
    `| ${columns.map(escape).join(" | ")} |`,
    `|${columns.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.map(escape).join(" | ")} |`),
  ].join("\n");
}

export function renderMarkdown(figure: Figure): string {
  const parts = [`## ${figure.id}. ${figure.title}`];
  if (figure.method) parts.push(figure.method);
  if (figure.rows.length) parts.push(markdownTable(figure.columns, figure.rows));
  if (figure.targets.length) parts.push(figure.targets.map((t) => `- **${t.met ? "met" : "missed"}** — ${t.name}: ${t.detail}`).join("\n"));
  if (figure.notes.length) parts.push(figure.notes.map((n) => `- ${n}`).join("\n"));
  return parts.join("\n\n");
}
