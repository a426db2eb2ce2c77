"use client";
import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { useRefreshCredits } from "@/components/credits/use-credits";
import { useOnce } from "@/components/trpc/use-once";
import type { GenerationKind } from "@/shared/vocabulary";
import { useStartingRunActions } from "./starting-runs";
import { useRefreshGenerations } from "./use-generations";

/**
 * What every workflow form does with its start procedure: one run per click (useOnce),
 * a working card drawn in the click's own handler (starting-runs.tsx), the results
 * refreshed before the mutation settles, and the card removed when it does, whether
 * the form is still on screen or not (options-level callbacks run for the mutation
 * itself); a refused start reads the balance again. `options` are the procedure's mutationOptions, with anything the form adds.
 */
export function useStartRun<TData, TError, TInput extends { requestId?: string }, TResult>(
  kind: GenerationKind,
  projectId: string,
  options: UseMutationOptions<TData, TError, TInput, TResult>,
) {
  const refresh = useRefreshGenerations(projectId);
  const refreshCredits = useRefreshCredits();
  const starting = useStartingRunActions();
  const mutation = useMutation<TData, TError, TInput, TResult>({
    ...options,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      await refresh();
    },
    onSettled: (...args) => {
      const requestId = args[2].requestId;
      if (requestId) starting.remove(requestId);
      // A refusal (another tab or teammate spent the credits first) says the balance shown is stale.
      if (args[1]) void refreshCredits();
      return options.onSettled?.(...args);
    },
  });
  const start = useOnce(mutation, (requestId) => starting.add({ id: requestId, kind, projectId }));
  return { mutation, start };
}
