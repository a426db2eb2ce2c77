import { describe, expect, it } from "vitest";
import { nextAttemptAt, SCHEDULED_ATTEMPTS } from "./retry-schedule";

describe("the delivery retry schedule (D16)", () => {
  it("retries 9 times over about 3 days, each wait within 10 % of the Standard Webhooks example", () => {
    const start = new Date("2026-01-01T00:00:00Z");
    const waits = (random: () => number) => {
      const out: number[] = [];
      let at = start;
      for (let attempt = 1; ; attempt++) {
        const next = nextAttemptAt(attempt, at, random);
        if (!next) break;
        out.push((next.getTime() - at.getTime()) / 1000);
        at = next;
      }
      return out;
    };
    const example = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];
    expect(SCHEDULED_ATTEMPTS).toBe(10);
    expect(waits(() => 0.5)).toEqual(example);
    waits(() => 0).forEach((wait, i) => expect(wait).toBeCloseTo(example[i] * 0.9, 0));
    waits(() => 0.999999).forEach((wait, i) => expect(wait).toBeCloseTo(example[i] * 1.1, 0));
    const days = example.reduce((sum, wait) => sum + wait, 0) / 86400;
    expect(days).toBeGreaterThan(3);
    expect(days).toBeLessThan(3.5);
  });
});
