/**
 * One request to the app's serve() endpoint in the SDK's execution protocol (facts in
 * inngest/README.md, "The execution protocol"), signed with the local key. The executor
 * never runs function code itself: it only translates these answers into state.
 */
import { Agent, fetch as undiciFetch } from "undici";
import type { StoredEvent } from "@/db/schema";
import { signBody } from "./keys";

export interface Op {
  op: string;
  id: string;
  name?: string;
  displayName?: string;
  data?: unknown;
  error?: unknown;
  opts?: Record<string, unknown>;
}

export interface CallInput {
  serveUrl: string;
  functionId: string;
  /** "step" to run or resume the function, a hashed id to run one planned step. */
  stepId: string;
  runId: string;
  event: StoredEvent;
  memo: Record<string, { data: unknown } | { error: unknown }>;
  stack: string[];
  attempt: number;
  maxAttempts: number;
  disableImmediateExecution: boolean;
  version: number | null;
}

export type CallResult =
  | { kind: "done"; output: unknown; version: number | null }
  | { kind: "ops"; ops: Op[]; version: number | null; retriable: boolean; retryAfter: string | null }
  | { kind: "error"; error: unknown; retriable: boolean; retryAfter: string | null; version: number | null };

// Steps may legitimately run for minutes (video, hosted providers): the lease bounds them, not HTTP timeouts.
const agent = new Agent({ headersTimeout: 0, bodyTimeout: 0 });

export async function callFunction(input: CallInput): Promise<CallResult> {
  const url = new URL(input.serveUrl);
  url.searchParams.set("fnId", input.functionId);
  url.searchParams.set("stepId", input.stepId);
  const body = {
    event: input.event,
    events: [input.event],
    steps: input.memo,
    version: input.version ?? -1,
    ctx: {
      run_id: input.runId,
      attempt: input.attempt,
      max_attempts: input.maxAttempts,
      disable_immediate_execution: input.disableImmediateExecution,
      use_api: false,
      stack: { stack: input.stack, current: input.stack.length },
    },
  };
  const response = await undiciFetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-inngest-signature": signBody(body) },
    body: JSON.stringify(body),
    dispatcher: agent,
  });
  const text = await response.text();
  const parsed = text ? safeJson(text) : null;
  const versionHeader = response.headers.get("x-inngest-req-version");
  const version = versionHeader === null ? input.version : Number(versionHeader);
  const retriable = response.headers.get("x-inngest-no-retry") !== "true";
  const retryAfter = response.headers.get("retry-after");
  if (response.status === 200) return { kind: "done", output: parsed, version };
  if (response.status === 206)
    return { kind: "ops", ops: (Array.isArray(parsed) ? parsed : [parsed]) as Op[], version, retriable, retryAfter };
  return {
    kind: "error",
    error: parsed ?? { name: "Error", message: `serve endpoint answered ${response.status}` },
    retriable,
    retryAfter,
    version,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { name: "Error", message: text.slice(0, 2000) };
  }
}

/** Delay before retry `attempt` (1-based): the function's retry-after when given, else exponential backoff. */
export function retryDelayMs(attempt: number, retryAfter: string | null, backoffMs: number, maxBackoffMs: number): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  }
  return Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, attempt - 1));
}
