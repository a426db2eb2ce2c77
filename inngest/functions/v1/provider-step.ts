/**
 * The shape every v1 durable function shares around provider work: one step that calls
 * the provider and, when that fails for good, one step that records the failure (and
 * refunds, D4). Permanent failures (a provider's refusal, a bad input) come back from the
 * work step as data, so the runtime does not retry them and their message survives;
 * transient failures and unexpected errors (a lost connection, a crash) throw, so the
 * runtime retries them with backoff, and reach the failure step once retries are spent.
 */
import type { GetStepTools } from "inngest";
import type { ErrorInfo } from "@/db/schema";
import { inngest } from "@/inngest/client";
import { ProviderError } from "@/server/providers/types";
import { AppError } from "@/server/errors";
import { createVerbContext, type VerbContext } from "@/server/context";
import { providerFailure } from "@/server/v1/services/providers/provider-failure";

export type StepTools = GetStepTools<typeof inngest>;

export type StepOutcome<T> = { ok: T } | { failed: ErrorInfo };

/** Runs the body of a provider step: permanent failures as data, transient ones thrown. */
export async function providerStep<T>(work: () => Promise<T>): Promise<StepOutcome<T>> {
  try {
    return { ok: await work() };
  } catch (error) {
    const permanent = (error instanceof ProviderError && !error.transient) || (error instanceof AppError && error.status < 500);
    if (permanent) return { failed: providerFailure(error) };
    throw error;
  }
}

/**
 * The work step `ids.work` and, if it fails for good, the step `ids.fail` that records
 * the failure. True when the work succeeded.
 */
export async function runProviderStep(
  step: StepTools,
  ids: { work: string; fail: string },
  work: (ctx: VerbContext) => Promise<unknown>,
  fail: (ctx: VerbContext, error: ErrorInfo) => Promise<unknown>,
): Promise<boolean> {
  let failure: ErrorInfo | null = null;
  try {
    const outcome = await step.run(ids.work, async () => providerStep(async () => work(await createVerbContext())));
    if ("failed" in outcome) failure = outcome.failed;
  } catch (error) {
    failure = providerFailure(error);
  }
  if (!failure) return true;
  const error = failure;
  await step.run(ids.fail, async () => fail(await createVerbContext(), error));
  return false;
}
