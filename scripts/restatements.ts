/**
 * Finds rules and numbers restated outside shared/ (CONTRIBUTING "Every word, rule and
 * number once"): a role compared by name instead of a permission asked of shared/roles.ts,
 * a plan named in a comparison or a list instead of shared/vocabulary.ts's PLANS and
 * FREE_PLAN, a Stripe subscription state spelled out instead of shared/plans.ts's, and a
 * credit cost written as a number instead of shared/credit-costs.ts's CREDIT_COSTS. The
 * patterns are built from those lists, so a new plan, role or cost is looked for too.
 *
 * It reads the code as text, comments included ("27 credits" in a comment goes stale like
 * any copy). shared/ and db/schema/ define the words, tests and test support may name
 * them, and generated files come from shared/. `scripts/restatements.test.ts` runs it over
 * the repository in `npm test`.
 */
import fs from "node:fs";
import path from "node:path";
import { CREDIT_COSTS, multiviewCost } from "../shared/credit-costs";
import { SUBSCRIPTION_STATUSES } from "../shared/plans";
import { MULTIVIEW_OTHER_VIEWS, PLANS, WORKSPACE_ROLES } from "../shared/vocabulary";

export interface Restatement {
  file: string;
  line: number;
  rule: string;
  text: string;
}

/** The folders and files of production code; the rest is tests, suites, docs, data or generated. */
const SCANNED = ["app", "components", "server", "inngest", "cli", "db", "packages/sdk/src", "env.ts", "proxy.ts", "instrumentation.ts"];
const LEFT_OUT = [/^shared\//, /^db\/schema\//, /^db\/migrations\//, /^packages\/sdk\/src\/generated\//, /\.test\.tsx?$/, /^test\//];

const words = (list: readonly string[]) => list.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
const ROLES = words(WORKSPACE_ROLES);
const PLAN_NAMES = words(PLANS);
/** States only a Stripe subscription has; "active", "canceled" and "paused" are other things' states too, so they count beside "subscription". */
const STRIPE_ONLY = words(SUBSCRIPTION_STATUSES.filter((status) => !["active", "canceled", "paused"].includes(status)));
const SHARED_STATES = words(SUBSCRIPTION_STATUSES.filter((status) => ["active", "canceled", "paused"].includes(status)));
/** The credit costs above 1 (a bare "1 credit" is too common a phrase to tell apart), and the largest multi-view set's. */
const COSTS = [...new Set([...Object.values(CREDIT_COSTS).filter((cost) => cost > 1), multiviewCost(1 + MULTIVIEW_OTHER_VIEWS.max)])].join(
  "|",
);

const RULES: { rule: string; pattern: RegExp }[] = [
  {
    rule: "a role compared by name (ask hasPermission or workspace.permissions)",
    pattern: new RegExp(`\\brole\\w*\\s*[!=]==?\\s*["'\`](${ROLES})["'\`]|["'\`](${ROLES})["'\`]\\s*[!=]==?\\s*[\\w.?]*role\\b`, "i"),
  },
  { rule: "a role rank used as a rule (ask for a permission)", pattern: /\broleAtLeast\(/ },
  {
    rule: "a role named in a query (rolesWith(permission), or OWNER)",
    pattern: new RegExp(`\\brole\\s*=\\s*'(${ROLES})'|\\.role,\\s*["'\`](${ROLES})["'\`]\\)`),
  },
  {
    rule: "a plan compared by name (FREE_PLAN, isPaidPlan, planAbove)",
    pattern: new RegExp(
      `\\bplan\\w*\\s*[!=]==?\\s*["'\`](${PLAN_NAMES})["'\`]|["'\`](${PLAN_NAMES})["'\`]\\s*[!=]==?\\s*[\\w.?]*plan\\b|\\bplan\\s*=\\s*'(${PLAN_NAMES})'`,
      "i",
    ),
  },
  {
    rule: "plans listed again (PLANS, PAID_PLANS, planAbove)",
    pattern: new RegExp(
      `["'\`](${PLAN_NAMES})["'\`]\\s*[,|]\\s*["'\`](${PLAN_NAMES})["'\`]|[{,]\\s*(${PLAN_NAMES})\\s*:\\s*[^,}]+,\\s*(${PLAN_NAMES})\\s*:`,
    ),
  },
  {
    rule: "a subscription state spelled out (shared/plans.ts)",
    pattern: new RegExp(`["'\`](${STRIPE_ONLY})["'\`]|subscription\\w*\\??\\.status\\s*[!=]==?\\s*["'\`](${SHARED_STATES})["'\`]`),
  },
  {
    rule: "a credit cost written as a number (CREDIT_COSTS, creditsLabel)",
    pattern: new RegExp(`\\b(${COSTS}) credits?\\b|\\bbalance below (${COSTS})\\b`),
  },
];

/** The restatements in one file's text. */
export function restatementsIn(file: string, text: string): Restatement[] {
  const found: Restatement[] = [];
  text.split("\n").forEach((line, index) => {
    for (const { rule, pattern } of RULES) {
      if (pattern.test(line)) found.push({ file, line: index + 1, rule, text: line.trim().slice(0, 160) });
    }
  });
  return found;
}

function filesUnder(root: string, relative: string): string[] {
  const at = path.join(root, relative);
  if (!fs.existsSync(at)) return [];
  if (fs.statSync(at).isFile()) return [relative];
  return fs.readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "dist" ? [] : filesUnder(root, child);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [child] : [];
  });
}

/** Every restatement in the repository's production code. */
export function scanRepository(root: string): Restatement[] {
  return SCANNED.flatMap((folder) => filesUnder(root, folder))
    .filter((file) => !LEFT_OUT.some((pattern) => pattern.test(file)))
    .flatMap((file) => restatementsIn(file, fs.readFileSync(path.join(root, file), "utf8")));
}
