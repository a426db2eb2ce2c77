/**
 * The rule against `instanceof` of a package's class in server code (a production build
 * holds several copies of a package, issue 40), run through ESLint with the project's
 * config as `npm run lint` runs it.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "..") });

async function errors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(import.meta.dirname, "..", file) });
  return result.messages.filter((message) => message.severity === 2).map((message) => message.ruleId ?? message.message);
}

const RULE = "atrium/no-package-instanceof";

describe("instanceof of a package's class", () => {
  it.each([
    ['import Stripe from "stripe";', "error instanceof Stripe.errors.StripeCardError"],
    ['import { TRPCError } from "@trpc/server";', "error instanceof TRPCError"],
    ['import { RateLimiterRes as Res } from "rate-limiter-flexible";', "error instanceof Res"],
    ['import { AtriumApiError } from "@atrium/sdk";', "error instanceof AtriumApiError"],
  ])("is refused in server code: %s", async (importLine, check) => {
    const code = `import "server-only";\n${importLine}\nexport const probe = (error: unknown) => ${check};\n`;
    expect(await errors("server/billing/probe.ts", code)).toContain(RULE);
    expect(await errors("inngest/functions/probe.ts", code.replace('import "server-only";\n', ""))).toContain(RULE);
    expect(await errors("app/probe/page.tsx", code.replace('import "server-only";\n', ""))).toContain(RULE);
  });

  it("leaves our own classes, Node's, zod's (it recognises any copy), browser code and tests alone", async () => {
    const own =
      'import "server-only";\nimport { AppError } from "@/server/errors";\nimport { Readable } from "node:stream";\nimport { ZodError } from "zod";\nexport const probe = (e: unknown) => e instanceof AppError || e instanceof Readable || e instanceof ZodError || e instanceof Error;\n';
    expect(await errors("server/probe.ts", own)).toEqual([]);
    const client =
      '"use client";\nimport { TRPCClientError } from "@trpc/client";\nexport const probe = (e: unknown) => e instanceof TRPCClientError;\n';
    expect(await errors("app/probe/form.tsx", client)).toEqual([]);
    const test = 'import Stripe from "stripe";\nexport const probe = (e: unknown) => e instanceof Stripe.errors.StripeError;\n';
    expect(await errors("server/billing/probe.test.ts", test)).toEqual([]);
  });
});
