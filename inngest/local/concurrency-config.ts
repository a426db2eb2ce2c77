/**
 * Inngest's `concurrency` option as the local executor reads it from a function's
 * configuration: a number (the limit), one option or up to two. Each option becomes a
 * virtual queue key per step: the function's own (scope `fn`, the default) or one shared
 * by every function declaring the same key (scopes `env` and `account`), split per value
 * of the key expression when there is one. A limit of 0 means no limit, as in Inngest.
 */
import type { ConcurrencyConstraint, StoredEvent } from "@/db/schema";
import { compileValueExpression, type ValueExpression } from "./expressions";

type Scope = "fn" | "env" | "account";
interface ConcurrencyOption {
  limit: number;
  scope: Scope;
  key: ValueExpression | null;
}

export type ConcurrencyConfig = ConcurrencyOption[];

export function parseConcurrency(raw: unknown, refuse: (what: string) => never): ConcurrencyConfig {
  if (raw === undefined || raw === null) return [];
  const options = typeof raw === "number" ? [{ limit: raw }] : Array.isArray(raw) ? raw : [raw];
  if (options.length > 2) refuse("more than two concurrency options (Inngest allows two)");
  return options.flatMap((option: { limit?: unknown; scope?: unknown; key?: unknown }) => {
    if (typeof option !== "object" || typeof option.limit !== "number" || !Number.isInteger(option.limit) || option.limit < 0) {
      refuse(`a concurrency option without a whole, non-negative limit (${JSON.stringify(option)})`);
    }
    const scope = (option.scope ?? "fn") as Scope;
    if (!["fn", "env", "account"].includes(scope)) refuse(`the concurrency scope "${String(option.scope)}"`);
    if (scope !== "fn" && typeof option.key !== "string") refuse(`a concurrency scope "${scope}" without a key`);
    let key: ValueExpression | null = null;
    try {
      key = typeof option.key === "string" ? compileValueExpression(option.key) : null;
    } catch (err) {
      refuse(`a concurrency key it cannot evaluate (${(err as Error).message})`);
    }
    return option.limit === 0 ? [] : [{ limit: option.limit as number, scope, key }];
  });
}

/** The keys and limits a step of this function's run must fit in, in declaration order. */
export function constraintsFor(config: ConcurrencyConfig, functionId: string, event: StoredEvent): ConcurrencyConstraint[] {
  return config.map(({ limit, scope, key }) => {
    const owner = scope === "fn" ? `fn:${functionId}` : scope;
    return { key: key ? `${owner}:${JSON.stringify(key({ event }) ?? null)}` : owner, limit };
  });
}
