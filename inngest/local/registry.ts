/**
 * Learns the served functions the way an Inngest server does (an in-band sync: PUT
 * with `x-inngest-sync-kind: in_band`) and refuses, loudly, any configuration the
 * local executor does not honour. Ignoring a throttle or a cancelOn would
 * make local runs behave differently from production without anyone noticing.
 */
import { fetch as undiciFetch } from "undici";
import { signBody } from "./keys";
import { parseConcurrency, type ConcurrencyConfig } from "./concurrency-config";
import { parseCron, type CronSchedule } from "./cron";
import { compileExpression, type Expression } from "./expressions";

export class UnsupportedFunctionConfigError extends Error {}

interface FunctionConfig {
  id: string;
  name?: string;
  triggers?: Array<{ event?: string; expression?: string; cron?: string }>;
  steps?: Record<string, { retries?: { attempts?: number } }>;
  [option: string]: unknown;
}

export interface RegisteredFunction {
  id: string;
  name: string;
  maxAttempts: number;
  triggers: Array<{ matches: (name: string) => boolean; expression: Expression | null }>;
  /** Cron triggers: each tick starts a run (cron.ts). */
  crons: CronSchedule[];
  concurrency: ConcurrencyConfig;
}

/** The default of Inngest: 3 retries, 4 attempts. */
const DEFAULT_RETRIES = 3;
const SUPPORTED_OPTIONS = new Set(["id", "name", "triggers", "steps", "concurrency"]);

export async function discoverFunctions(serveUrl: string): Promise<RegisteredFunction[]> {
  const body = { url: serveUrl };
  const response = await undiciFetch(serveUrl, {
    method: "PUT",
    headers: { "content-type": "application/json", "x-inngest-sync-kind": "in_band", "x-inngest-signature": signBody(body) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Discovery at ${serveUrl} answered ${response.status}: ${await response.text()}`);
  const { functions } = (await response.json()) as { functions: FunctionConfig[] };
  return functions.map(registerFunction);
}

export function registerFunction(config: FunctionConfig): RegisteredFunction {
  const refuse = (what: string): never => {
    throw new UnsupportedFunctionConfigError(
      `Function "${config.id}" uses ${what}, which the local executor does not support. ` +
        "Configure an Inngest server (INNGEST_BASE_URL or INNGEST_EVENT_KEY + INNGEST_SIGNING_KEY) or remove the option.",
    );
  };
  for (const [option, value] of Object.entries(config)) {
    if (!SUPPORTED_OPTIONS.has(option) && value !== undefined && value !== null) refuse(`the option "${option}"`);
  }
  const crons = (config.triggers ?? []).flatMap((trigger) => {
    if (trigger.cron === undefined) return [];
    try {
      return [parseCron(trigger.cron)];
    } catch (err) {
      return refuse(`a cron expression it cannot read ("${trigger.cron}": ${(err as Error).message})`);
    }
  });
  const triggers = (config.triggers ?? []).flatMap((trigger) => {
    if (trigger.cron !== undefined) return [];
    if (!trigger.event) refuse(`a trigger without an event (${JSON.stringify(trigger)})`);
    let expression: Expression | null = null;
    try {
      expression = trigger.expression ? compileExpression(trigger.expression) : null;
    } catch (err) {
      refuse(`a trigger expression it cannot evaluate (${(err as Error).message})`);
    }
    return [{ matches: eventMatcher(trigger.event!), expression }];
  });
  const retries = config.steps?.step?.retries?.attempts ?? DEFAULT_RETRIES;
  const concurrency = parseConcurrency(config.concurrency, refuse);
  return { id: config.id, name: config.name ?? config.id, maxAttempts: retries + 1, triggers, crons, concurrency };
}

/** Exact names, or a trailing `*` wildcard (`app/*`) as Inngest allows. */
function eventMatcher(pattern: string): (name: string) => boolean {
  if (!pattern.endsWith("*")) return (name) => name === pattern;
  const prefix = pattern.slice(0, -1);
  return (name) => name.startsWith(prefix);
}
