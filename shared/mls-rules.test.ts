import { describe, expect, it } from "vitest";
import { MLS_RULE_SET_IDS, MLS_RULE_SETS, mlsRuleSet, mlsVerdict, photoSettingOf } from "./mls-rules";
import { EDIT_OPERATIONS } from "./vocabulary";

describe("MLS rule sets", () => {
  it("give every operation a verdict on interior and exterior photos, with a reason whenever it is not a plain yes", () => {
    for (const id of MLS_RULE_SET_IDS) {
      const set = MLS_RULE_SETS[id];
      expect(set.sources.length).toBeGreaterThan(0);
      for (const setting of ["interior", "exterior"] as const) {
        for (const operation of EDIT_OPERATIONS) {
          const verdict = set.rules[setting][operation];
          if (verdict.allowed !== "yes") expect(verdict.reason.length).toBeGreaterThan(20);
        }
      }
    }
  });

  it("follow the movable-items-only rule: staging yes inside, wall colour never, exterior staging only with a warning", () => {
    expect(mlsVerdict("stellar", "staging", "interior")).toEqual({ allowed: "yes" });
    expect(mlsVerdict("stellar", "color_change", "interior")).toMatchObject({
      allowed: "no",
      reason: expect.stringMatching(/permanent feature/),
    });
    expect(mlsVerdict("mls_now", "staging", "exterior")).toMatchObject({
      allowed: "warn",
      reason: expect.stringMatching(/unattached furniture/),
    });
    expect(mlsVerdict("mls_now", "redecorate", "exterior").allowed).toBe("no");
    expect(mlsVerdict("california", "declutter", "interior")).toMatchObject({ allowed: "warn", reason: expect.stringMatching(/defects/) });
  });

  it("link the original where California asks for it, and fall back to the general set for unknown ids", () => {
    expect(mlsRuleSet("california").originalLinkRequired).toBe(true);
    expect(mlsRuleSet("stellar").originalLinkRequired).toBe(false);
    expect(mlsRuleSet("nonsense").id).toBe("general");
    expect(mlsRuleSet(null).id).toBe("general");
    expect(photoSettingOf("commercial")).toBe("interior");
    expect(photoSettingOf("exterior")).toBe("exterior");
  });
});
