/**
 * The small part of Inngest's expression language (CEL) that Atrium's functions use:
 * equalities joined by `&&`, between paths into `event`/`async` and string, number or
 * boolean literals. This covers trigger `if`s such as the onFailure filter
 * (`event.data.function_id == 'atrium-x'`) and waitForEvent's `match`
 * (`event.data.id == async.data.id`). Anything else is refused when compiled, so an
 * expression is never silently treated as true.
 */
export class UnsupportedExpressionError extends Error {}

type Operand = { path: string[] } | { literal: unknown };
type Scope = Record<string, unknown>;
export type Expression = (scope: Scope) => boolean;

const PATH = /^(event|async)(\.[A-Za-z_][A-Za-z0-9_]*)+$/;

function operand(raw: string, whole: string): Operand {
  const text = raw.trim();
  if (PATH.test(text)) return { path: text.split(".") };
  if (/^'[^'\\]*'$/.test(text) || /^"[^"\\]*"$/.test(text)) return { literal: text.slice(1, -1) };
  if (/^-?\d+(\.\d+)?$/.test(text)) return { literal: Number(text) };
  if (text === "true" || text === "false") return { literal: text === "true" };
  if (text === "null") return { literal: null };
  throw new UnsupportedExpressionError(`Unsupported expression for the local executor: ${whole}`);
}

function valueOf(op: Operand, scope: Scope): unknown {
  if ("literal" in op) return op.literal;
  let value: unknown = scope;
  for (const key of op.path) value = value && typeof value === "object" ? (value as Scope)[key] : undefined;
  return value;
}

export function compileExpression(source: string): Expression {
  const clauses = source.split("&&").map((clause) => {
    const sides = clause.split("==");
    if (sides.length !== 2 || /[|!<>()]/.test(clause)) {
      throw new UnsupportedExpressionError(`Unsupported expression for the local executor: ${source}`);
    }
    return [operand(sides[0], source), operand(sides[1], source)] as const;
  });
  return (scope) =>
    clauses.every(([left, right]) => {
      const a = valueOf(left, scope);
      return a !== undefined && a === valueOf(right, scope);
    });
}

export type ValueExpression = (scope: Scope) => unknown;

/**
 * Value expressions, as in concurrency keys: a path (`event.data.accountId`), a string or
 * number literal (`"openai"`), or such terms joined by `+` (string concatenation, as
 * `event.data.user_id + "-" + event.data.account_id` in Inngest's documentation).
 */
export function compileValueExpression(source: string): ValueExpression {
  const terms: Operand[] = [];
  const term = /\s*('[^'\\]*'|"[^"\\]*"|[^+'"\s]+)\s*(\+|$)/y;
  while (term.lastIndex < source.length) {
    const start = term.lastIndex;
    const match = term.exec(source);
    if (!match || term.lastIndex === start)
      throw new UnsupportedExpressionError(`Unsupported expression for the local executor: ${source}`);
    terms.push(operand(match[1], source));
    if (match[2] === "" && term.lastIndex < source.length)
      throw new UnsupportedExpressionError(`Unsupported expression for the local executor: ${source}`);
  }
  if (terms.length === 0) throw new UnsupportedExpressionError(`Empty expression for the local executor`);
  if (terms.length === 1) return (scope) => valueOf(terms[0], scope);
  return (scope) => terms.map((t) => String(valueOf(t, scope) ?? "")).join("");
}
