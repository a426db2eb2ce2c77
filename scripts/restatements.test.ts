import path from "node:path";
import { describe, expect, it } from "vitest";
import { restatementsIn, scanRepository } from "./restatements";

const rulesOf = (text: string) => restatementsIn("server/probe.ts", text).map((found) => found.rule);

describe("the restatement check", () => {
  it("finds none in the repository's production code", () => {
    const found = scanRepository(path.resolve(import.meta.dirname, ".."));
    expect(found.map(({ file, line, rule, text }) => `${file}:${line} ${rule}: ${text}`)).toEqual([]);
  });

  it.each([
    ['if (workspace.role === "owner") notFound();', "a role compared by name"],
    ['const manager = "agent" !== member.role;', "a role compared by name"],
    ['roleAtLeast(input.role, "admin")', "a role rank used as a rule"],
    ['.where(eq(members.role, "owner"))', "a role named in a query"],
    ["join studio.members m on m.role = 'owner'", "a role named in a query"],
    ['return plan !== "free";', "a plan compared by name"],
    ["where a.plan = 'free'", "a plan compared by name"],
    ["const PLAN_RANK = { free: 0, premium: 1, business: 2 };", "plans listed again"],
    ['plan: "premium" | "business"', "plans listed again"],
    ['const SUBSCRIBED = ["active", "trialing"];', "a subscription state spelled out"],
    ['if (subscription.status === "canceled") return;', "a subscription state spelled out"],
    ['billing: "1 quota unit; 27 credits.",', "a credit cost written as a number"],
    [" * accepts (27 credits), and starts", "a credit cost written as a number"],
  ])("fails on %s", (line, rule) => {
    expect(rulesOf(line).join("; ")).toContain(rule);
  });

  it.each([
    'if (!allows(workspace, "manage_developers")) notFound();',
    "if (plan === FREE_PLAN) return null;",
    'redo === "free" ? <Redo /> : null',
    'if (batch.status === "canceled") return;',
    "`1 quota unit; ${creditsLabel(CREDIT_COSTS.video)}.`",
    "packs: 500 credits and 2,000 credits",
  ])("lets %s be", (line) => {
    expect(rulesOf(line)).toEqual([]);
  });
});
