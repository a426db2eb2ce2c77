/**
 * Logging of unexpected errors. Driver errors carry the failed query's parameters in
 * their message (key hashes, signed URLs, user input), so only a safe summary is
 * written: the error's name, its message up to any parameter list, the database
 * error code, and the stack frames of our code.
 */

import "server-only";

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const cause = error.cause as { code?: string; message?: string } | undefined;
  const parts = [`${error.name}: ${withoutParameters(error.message)}`];
  if (cause?.code) parts.push(`(database code ${cause.code})`);
  if (cause?.message && cause !== (error as unknown)) parts.push(`caused by: ${withoutParameters(cause.message)}`);
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line) && !line.includes("node_modules"))
    .slice(0, 6);
  return [parts.join(" "), ...frames].join("\n");
}

function withoutParameters(message: string): string {
  return message.split(/\n?params:/)[0].slice(0, 500);
}

export function logError(context: string, error: unknown): void {
  console.error(`${context} ${describeError(error)}`);
}

type LogArg = unknown;
const safe = (arg: LogArg) => (arg instanceof Error ? describeError(arg) : typeof arg === "string" ? withoutParameters(arg) : arg);

/** A logger for the Inngest SDK whose error arguments are summarized the same way. */
export const safeLogger = {
  info: (...args: LogArg[]) => console.info(...args.map(safe)),
  warn: (...args: LogArg[]) => console.warn(...args.map(safe)),
  error: (...args: LogArg[]) => console.error(...args.map(safe)),
  debug: () => {},
};
