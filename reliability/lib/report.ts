/** Named checks and figures of the suite; printed as the summary that ends with "N passed, M failed". */
export interface Check {
  phase: string;
  name: string;
  ok: boolean;
  detail?: string;
}

export class Report {
  readonly checks: Check[] = [];
  readonly figures: Array<{ phase: string; name: string; value: string | number }> = [];

  phase(phase: string) {
    return {
      /** A check passes when `problems` is empty; the first few problems are kept as detail. */
      expectNone: (name: string, problems: string[]) =>
        this.add({ phase, name, ok: problems.length === 0, detail: problems.slice(0, 8).join("\n      ") }),
      expect: (name: string, ok: boolean, detail?: string) => this.add({ phase, name, ok, detail }),
      figure: (name: string, value: string | number) => this.figures.push({ phase, name, value }),
    };
  }

  private add(check: Check): void {
    this.checks.push(check);
    const mark = check.ok ? "ok  " : "FAIL";
    console.log(`  ${mark} [${check.phase}] ${check.name}${!check.ok && check.detail ? `\n      ${check.detail}` : ""}`);
  }

  summary(): string {
    const lines = ["", "Reliability summary", "==================="];
    for (const phase of [...new Set(this.figures.map((f) => f.phase))]) {
      lines.push(`${phase}:`);
      for (const f of this.figures.filter((x) => x.phase === phase)) lines.push(`  ${f.name}: ${f.value}`);
    }
    const failed = this.checks.filter((c) => !c.ok);
    if (failed.length) lines.push("", "Failed checks:", ...failed.map((c) => `  [${c.phase}] ${c.name}: ${c.detail ?? ""}`));
    lines.push("", `${this.checks.length - failed.length} passed, ${failed.length} failed`);
    return lines.join("\n");
  }
}

export type PhaseReport = ReturnType<Report["phase"]>;

/** Runs `work` over `items` with at most `limit` in flight. */
export async function mapPool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}
