/**
 * The lint rules that keep server code out of the browser and the v1 client inside the
 * studio's gateway, run through ESLint with the project's config as `npm run lint` runs
 * them: a client component that imports a server module fails; so does a server module
 * without its `server-only` marker (which makes `next build` refuse a client bundle that
 * reaches it by any chain), and a studio module that makes its own v1 client.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "..") });

/** The rule ids of the errors ESLint reports for `code` as if it were the file at `file`. */
async function errors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(import.meta.dirname, "..", file) });
  return result.messages.filter((message) => message.severity === 2).map((message) => message.ruleId ?? message.message);
}

describe("client code", () => {
  it("fails when a component imports a server module", async () => {
    expect(await errors("components/probe/probe.tsx", 'import { getDb } from "@/db/client";\nexport const probe = getDb;\n')).toContain(
      "atrium/import-boundaries",
    );
  });

  it('fails when a "use client" page imports a server module, however the path is written', async () => {
    const code = '"use client";\nimport { AppError } from "../../server/errors";\nexport const probe = AppError;\n';
    expect(await errors("app/probe/page.tsx", code)).toContain("atrium/import-boundaries");
  });

  it("may import a server module's types", async () => {
    expect(
      await errors("components/probe/probe.tsx", 'import type { AppError } from "@/server/errors";\nexport type Probe = AppError;\n'),
    ).toEqual([]);
  });
});

describe('the "server-only" marker', () => {
  it.each(["server/probe.ts", "db/probe.ts", "env.ts"])("is required in %s", async (file) => {
    expect(await errors(file, "export const probe = 1;\n")).toContain("atrium/server-only");
    expect(await errors(file, 'import "server-only";\n\nexport const probe = 1;\n')).toEqual([]);
  });

  it.each(["db/schema/probe.ts", "server/probe.test.ts", "shared/probe.ts", "components/probe/probe.tsx"])(
    "is not required in %s",
    async (file) => {
      expect(await errors(file, "export const probe = 1;\n")).toEqual([]);
    },
  );
});

describe("the v1 client factory", () => {
  const factory = 'import { createAtriumClient } from "@atrium/sdk";\nexport const probe = createAtriumClient;\n';

  it.each(["server/studio/generations/probe.ts", "server/studio/probe.ts", "inngest/functions/probe.ts", "app/probe/page.tsx"])(
    "is refused in %s",
    async (file) => {
      expect(await errors(file, `import "server-only";\n${factory}`)).toContain("@typescript-eslint/no-restricted-imports");
    },
  );

  it("is allowed in the gateway and the MCP server, and its types everywhere", async () => {
    expect(await errors("server/studio/v1-gateway.ts", `import "server-only";\n${factory}`)).toEqual([]);
    expect(await errors("server/mcp/serve-mcp.ts", `import "server-only";\n${factory}`)).toEqual([]);
    const typeOnly = 'import "server-only";\nimport type { AtriumClient } from "@atrium/sdk";\nexport type Probe = AtriumClient;\n';
    expect(await errors("server/studio/generations/probe.ts", typeOnly)).toEqual([]);
  });
});

describe("test support", () => {
  const support = 'import { makeAccount } from "@/test/fixtures";\nexport const probe = makeAccount;\n';

  it("is imported by tests, never by production code", async () => {
    expect(await errors("server/probe.test.ts", support)).toEqual([]);
    expect(await errors("server/probe.ts", `import "server-only";\n${support}`)).toContain("atrium/import-boundaries");
  });

  it("is recognised by living under test/, not by its name", async () => {
    expect(await errors("test/probe.ts", 'import { getDb } from "@/db/client";\nexport const probe = getDb;\n')).toEqual([]);
    expect(await errors("server/probe/testing.ts", "export const probe = 1;\n")).toContain("atrium/server-only");
  });
});

describe("the billing module's crossings", () => {
  const probe = (source: string) =>
    `import "server-only";\nimport { probe as imported } from "${source}";\nexport const probe = imported;\n`;

  it("may reach the v1 account's plan and ledger verbs and the studio's audit log", async () => {
    for (const source of [
      "@/server/v1/services/billing/grant-paid-credits",
      "@/server/v1/services/accounts/set-plan",
      "@/server/studio/audit/record-audit",
    ]) {
      expect(await errors("server/billing/probe.ts", probe(source))).toEqual([]);
    }
  });

  it("may not reach any other v1 verb or studio module", async () => {
    for (const source of ["@/server/v1/services/jobs/create-job", "@/server/studio/members/remove-member"]) {
      expect(await errors("server/billing/probe.ts", probe(source))).toContain("atrium/import-boundaries");
    }
  });
});
