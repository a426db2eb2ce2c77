/**
 * Turns the ops of one SDK response into step state, inside the run's transaction.
 * Open steps are what the queue later acts on: planned steps run (again) at run_at,
 * sleeps and timeouts fire at run_at, waits close on a matching event, invokes close
 * when the child run ends.
 */
import crypto from "node:crypto";
import { durationToMs } from "inngest";
import type { Tx } from "@/db/client";
import { executorSteps, type StepKind, type StepStatus, type StoredEvent } from "@/db/schema";
import { compileExpression } from "./expressions";
import type { Op } from "./protocol";
import { createRun } from "./runs";
import { stableId } from "./stable-id";
import { closeStep, findStep, type Run } from "./store";

export interface ApplyContext {
  now: Date;
  retryAfter: string | null;
  retryDelayMs: (attempt: number, retryAfter: string | null) => number;
  maxAttemptsOf: (functionId: string) => number;
}

interface OpenStep {
  kind: StepKind;
  status: StepStatus;
  attempt?: number;
  runAt?: Date | null;
  error?: unknown;
  waitEvent?: string;
  waitIf?: string | null;
}

async function upsertOpen(tx: Tx, run: Run, op: Op, step: OpenStep): Promise<void> {
  const values = { runId: run.id, id: op.id, name: op.displayName ?? op.name ?? op.id, ...step, updatedAt: new Date() };
  await tx
    .insert(executorSteps)
    .values(values)
    .onConflictDoUpdate({ target: [executorSteps.runId, executorSteps.id], set: values });
}

function sleepUntil(op: Op, now: Date): Date {
  const target = String(op.name ?? "");
  // sleepUntil sends an ISO time, sleep a duration ("1s", "2m30s").
  if (/^\d{4}-\d{2}-\d{2}T/.test(target)) return new Date(target);
  return new Date(now.getTime() + durationToMs(target));
}

/** Returns the ids of child runs created for step.invoke. */
export async function applyOps(tx: Tx, run: Run, ops: Op[], ctx: ApplyContext): Promise<string[]> {
  const children: string[] = [];
  for (const op of ops) {
    switch (op.op) {
      case "StepRun":
        await upsertOpen(tx, run, op, { kind: "run", status: "planned" });
        await closeStep(tx, run, op.id, { data: op.data ?? null });
        break;
      case "StepFailed":
        await upsertOpen(tx, run, op, { kind: "run", status: "planned" });
        await closeStep(tx, run, op.id, { error: op.error });
        break;
      case "StepError": {
        const attempt = ((await findStep(tx, run.id, op.id))?.attempt ?? 0) + 1;
        const runAt = new Date(ctx.now.getTime() + ctx.retryDelayMs(attempt, ctx.retryAfter));
        await upsertOpen(tx, run, op, { kind: "run", status: "planned", attempt, runAt, error: op.error });
        break;
      }
      case "StepPlanned":
        if (!(await findStep(tx, run.id, op.id))) await upsertOpen(tx, run, op, { kind: "run", status: "planned", runAt: ctx.now });
        break;
      case "Sleep":
        await upsertOpen(tx, run, op, { kind: "sleep", status: "sleeping", runAt: sleepUntil(op, ctx.now) });
        break;
      case "WaitForEvent":
        await planWait(tx, run, op, ctx);
        break;
      case "InvokeFunction":
        children.push(await planInvoke(tx, run, op, ctx));
        break;
      default:
        // Callers check op codes first and fail the run on unknown ones.
        throw new Error(`Unexpected step op "${op.op}"`);
    }
  }
  return children;
}

async function planWait(tx: Tx, run: Run, op: Op, ctx: ApplyContext): Promise<void> {
  const condition = typeof op.opts?.if === "string" ? op.opts.if : null;
  const timeout = op.opts?.timeout;
  const runAt = timeout ? new Date(ctx.now.getTime() + durationToMs(timeout)) : null;
  await upsertOpen(tx, run, op, { kind: "wait", status: "waiting", runAt, waitEvent: String(op.name), waitIf: condition });
  if (!condition) return;
  try {
    compileExpression(condition);
  } catch (err) {
    await closeStep(tx, run, op.id, { error: { name: "UnsupportedExpressionError", message: (err as Error).message } });
  }
}

async function planInvoke(tx: Tx, run: Run, op: Op, ctx: ApplyContext): Promise<string> {
  const functionId = String(op.opts?.function_id ?? "");
  const payload = (op.opts?.payload ?? {}) as { data?: Record<string, unknown> };
  const timeout = op.opts?.timeout;
  const runAt = timeout ? new Date(ctx.now.getTime() + durationToMs(timeout)) : null;
  await upsertOpen(tx, run, op, { kind: "invoke", status: "invoking", runAt });
  const event: StoredEvent = { id: crypto.randomUUID(), name: "inngest/function.invoked", data: payload.data ?? {}, ts: ctx.now.getTime() };
  const childId = stableId(run.id, "invoke", op.id);
  await createRun(tx, {
    id: childId,
    functionId,
    event,
    maxAttempts: ctx.maxAttemptsOf(functionId),
    parentRunId: run.id,
    parentStepId: op.id,
  });
  return childId;
}
