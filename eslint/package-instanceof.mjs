/**
 * `atrium/no-package-instanceof`: server code never asks `x instanceof SomeClass` of a
 * class that comes from a package. A production build bundles a package into each route
 * (and into the server components' layer apart from the route handlers' layer), so one
 * process holds several copies of its classes, and an object made by one copy (a client
 * cached on globalThis, an error it throws) is no instance of another copy's class: the
 * check is silently false. That is how a declined auto top-up went unnoticed (issue 40:
 * the Stripe client was made in the billing page's chunk and its StripeCardError checked
 * in the durable function's). Recognise a library's errors by the fields it documents
 * (Stripe's `type`, tRPC's `name` and `code`, …) instead.
 *
 * A lint rule rather than a check of the built bundle: the trap is a pattern of the
 * source, found in a second as the code is written, while whether two copies exist
 * depends on which routes happen to share a chunk today.
 *
 * Checked: runtime modules under app/, server/, inngest/ and db/ that are not browser
 * code. A class is a package's when the left-most name of the right-hand side was
 * imported from a bare specifier (not `@/…`, not relative, not a Node built-in).
 * `zod` is exempt: its classes answer `instanceof` by the traits an object carries, so
 * every copy agrees (zod/v4/core, `$constructor`'s Symbol.hasInstance).
 */
import { builtinModules } from "node:module";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Packages whose classes recognise instances of any copy of themselves. */
const COPY_SAFE = new Set(["zod"]);

const isTest = (relative) => /\.test\.tsx?$/.test(relative) || relative.startsWith("test/");

function packageOf(source) {
  if (source.startsWith(".") || source.startsWith("@/") || source.startsWith("node:") || builtinModules.includes(source)) return null;
  const parts = source.split("/");
  return source.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The left-most identifier of `A`, `A.b.C` or `(A)`. */
function rootName(node) {
  let current = node;
  while (current?.type === "MemberExpression") current = current.object;
  return current?.type === "Identifier" ? current.name : null;
}

export const noPackageInstanceof = {
  meta: {
    type: "problem",
    docs: {
      description: "Server code recognises a package's objects by their documented fields, never by instanceof of the package's class.",
    },
    schema: [],
    messages: {
      instanceofPackage:
        "`instanceof {{name}}` ({{pkg}}) can be false for an object of the same class: a production build holds several copies of a package. Recognise it by its documented fields (e.g. Stripe's `type`, tRPC's `name`/`code`).",
    },
  },
  create(context) {
    const relative = path.relative(ROOT, context.filename).split(path.sep).join("/");
    if (isTest(relative) || !/^(app|server|inngest|db)\//.test(relative)) return {};
    const browser = context.sourceCode.ast.body.some((node) => node.type === "ExpressionStatement" && node.directive === "use client");
    if (browser) return {};
    const fromPackage = new Map();
    return {
      ImportDeclaration(node) {
        const pkg = packageOf(String(node.source.value));
        if (!pkg || COPY_SAFE.has(pkg) || node.importKind === "type") return;
        for (const specifier of node.specifiers) if (specifier.importKind !== "type") fromPackage.set(specifier.local.name, pkg);
      },
      BinaryExpression(node) {
        if (node.operator !== "instanceof") return;
        const name = rootName(node.right);
        const pkg = name && fromPackage.get(name);
        if (pkg) context.report({ node, messageId: "instanceofPackage", data: { name: context.sourceCode.getText(node.right), pkg } });
      },
    };
  },
};
