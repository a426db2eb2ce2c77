/**
 * The import boundaries of README "Layout", as one ESLint rule. Arrows point one way:
 * app → server → db and shared; inngest functions → server; shared imports nothing of
 * ours; browser code (components/, any "use client" file) imports only shared and
 * client-safe modules; service verbs never import the HTTP layer; the studio reaches
 * the v1 service over HTTP, never through its verbs. Type-only imports are free (they
 * are erased) and tests may import anything. Test support lives under test/ and only
 * tests, suites and the bench import it: production code that reaches into test/ fails.
 *
 * Written here rather than taken from a plugin because the rules need both the `@/`
 * alias and relative paths resolved against the project root, plus the "use client"
 * directive; each is a few lines with no resolver to configure.
 */
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The folder (layer) of a project path, or null for files outside the layered folders. */
function layerOf(relative) {
  if (relative === "env" || relative === "env.ts") return "env";
  const top = relative.split("/")[0];
  return ["app", "components", "server", "db", "shared", "inngest", "test"].includes(top) ? top : null;
}

/** What each layer may import at runtime, besides itself (none may import test/). */
const ALLOWED = {
  shared: [],
  env: ["shared"],
  db: ["shared", "env"],
  components: ["shared"],
  server: ["db", "shared", "env", "inngest"],
  inngest: ["server", "db", "shared", "env"],
  app: ["components", "server", "shared", "env", "inngest"],
};

/** Finer rules inside the allowed arrows: [importer prefix, forbidden target prefix, why]. */
const FORBIDDEN = [
  ["server/v1/services/", "server/v1/http/", "service verbs never import the HTTP layer (it chooses statuses; verbs return data)"],
  ["server/studio/", "server/v1/services/", "the studio calls the v1 service over HTTP through the typed client, never its verbs"],
  ["server/studio/", "server/trpc/", "studio verbs never import the tRPC layer (procedures call verbs, not the reverse)"],
  [
    "server/",
    "inngest/functions/",
    "server code sends events (inngest/client, inngest/*events); only inngest/ and the serve route import functions",
  ],
  ["server/", "inngest/local/", "the local executor is wired in by app/api/inngest, not imported by server code"],
  ["app/", "inngest/functions/", null],
  [
    "server/billing/",
    "server/v1/services/",
    "the billing module reaches the v1 account only through its plan, quota and ledger verbs (CROSSINGS)",
  ],
  ["server/billing/", "server/studio/", "the billing module reaches the studio only through its audit log (CROSSINGS)"],
];
/**
 * The crossings a FORBIDDEN pair allows by target: [importer prefix, target prefix]. The
 * billing module (server/billing/) sells the v1 account's plan, quota and credits, so it
 * calls the v1 verbs of accounts (set-plan, set-balance-thresholds) and billing (the
 * ledger: grants, debits, take-backs, quota), and records each change in the studio's
 * audit log (server/studio/audit/record-audit.ts), in the same transaction.
 */
const CROSSINGS = [
  ["server/billing/", "server/v1/services/accounts/"],
  ["server/billing/", "server/v1/services/billing/"],
  ["server/billing/", "server/studio/audit/record-audit"],
];
/**
 * Importers allowed through a FORBIDDEN pair: the serve route and the executor's dev
 * page; the embedded deployment's first run, which creates the studio's own v1 account
 * in-process (the public API has no route that creates accounts); and the Developers
 * section's seam (server/studio/developers/), which manages a workspace's keys, request
 * log and webhook endpoints through the v1 verbs in-process, because only the 13 routes
 * are public (D1, D16) and none of them manages keys or endpoints.
 */
const EXCEPTIONS = [
  /^app\/api\/inngest\//,
  /^app\/dev\//,
  /^server\/studio\/workspaces\/provision-v1-account\.ts$/,
  /^server\/studio\/developers\//,
];

/** Tests sit beside the code as `*.test.ts`; their support code lives under test/. */
const isTest = (relative) => /\.test\.tsx?$/.test(relative) || relative.startsWith("test/");

function resolveTarget(importer, source) {
  if (source.startsWith("@/")) return path.posix.normalize(source.slice(2));
  if (source.startsWith(".")) return path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, importer)), source));
  return null;
}

function problem(importer, target, browser) {
  const from = layerOf(importer);
  const to = layerOf(target);
  if (!from || !to) return null;
  if (browser && ["server", "db", "inngest", "env"].includes(to)) {
    return `browser code imports only shared and client-safe modules, not ${to}/ runtime code (${target}); move pure code to shared/ or import types only`;
  }
  if (from !== to && !ALLOWED[from].includes(to))
    return `${from}/ may not import ${to}/ (${target}): arrows go app → server → db and shared`;
  for (const [importerPrefix, targetPrefix, why] of FORBIDDEN) {
    if (!importer.startsWith(importerPrefix) || !target.startsWith(targetPrefix)) continue;
    if (EXCEPTIONS.some((pattern) => pattern.test(importer))) continue;
    if (CROSSINGS.some(([from, to]) => importer.startsWith(from) && target.startsWith(to))) continue;
    return `${importer.split("/").slice(0, 3).join("/")} may not import ${target}${why ? `: ${why}` : ""}`;
  }
  return null;
}

const importBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Keeps imports inside the project's layer boundaries (README Layout)." },
    schema: [],
    messages: { boundary: "{{message}}" },
  },
  create(context) {
    const importer = path.relative(ROOT, context.filename).split(path.sep).join("/");
    if (isTest(importer) || !layerOf(importer)) return {};
    const browser =
      importer.startsWith("components/") ||
      context.sourceCode.ast.body.some((node) => node.type === "ExpressionStatement" && node.directive === "use client");
    const check = (node, source) => {
      if (typeof source !== "string") return;
      const target = resolveTarget(importer, source);
      const message = target && problem(importer, target, browser);
      if (message) context.report({ node, messageId: "boundary", data: { message } });
    };
    const typeOnly = (node) =>
      node.importKind === "type" ||
      node.exportKind === "type" ||
      (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));
    return {
      ImportDeclaration: (node) => typeOnly(node) || check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && !typeOnly(node) && check(node, node.source.value),
      ExportAllDeclaration: (node) => node.exportKind !== "type" && check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};

/**
 * Server modules carry `import "server-only"`, so a client bundle that pulls one in
 * fails `next build` even where the import-boundaries rule cannot see the chain. Which
 * modules: every runtime module under server/ and db/, and env.ts; not db/schema/
 * (drizzle-kit loads it in plain Node, and table definitions hold no secrets), not
 * db/embedded-host.mjs (a program spawned by plain Node, imported by nothing) and not
 * tests. Scripts and tests import them through an alias to the package's empty module
 * (tsconfig.json paths for tsx, vitest.config.ts for vitest).
 */
const needsServerOnly = (relative) =>
  (relative === "env.ts" || /^(server|db)\//.test(relative)) &&
  !/^db\/(schema|migrations)\//.test(relative) &&
  relative !== "db/embedded-host.mjs" &&
  !relative.endsWith(".d.ts") &&
  !isTest(relative);

const serverOnly = {
  meta: {
    type: "problem",
    docs: { description: 'Server modules import "server-only" (README Layout).' },
    schema: [],
    messages: { missing: 'A server module starts with `import "server-only";` so no client bundle can pull it in (README Layout).' },
  },
  create(context) {
    const relative = path.relative(ROOT, context.filename).split(path.sep).join("/");
    if (!needsServerOnly(relative)) return {};
    return {
      Program(program) {
        const marked = program.body.some((node) => node.type === "ImportDeclaration" && node.source.value === "server-only");
        if (!marked) context.report({ node: program, loc: { line: 1, column: 0 }, messageId: "missing" });
      },
    };
  },
};

export const boundaries = { rules: { "import-boundaries": importBoundaries, "server-only": serverOnly } };
