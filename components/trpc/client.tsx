"use client";
/**
 * The browser side of tRPC: `const trpc = useTRPC()` then
 * `useQuery(trpc.projects.list.queryOptions({ workspaceId }))` or
 * `useMutation(trpc.projects.create.mutationOptions())`. Types come from AppRouter.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import superjson from "superjson";
import type { AppRouter } from "@/server/trpc/root";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: (count, error) => count < 2 && !isClientError(error) },
    },
  });
}

function isClientError(error: unknown): boolean {
  const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  return typeof status === "number" && status >= 400 && status < 500;
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/api/trpc", transformer: superjson })] }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** A sentence for the person from any error a procedure returned. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const fieldErrors = (error.data as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors;
    const first = fieldErrors ? Object.values(fieldErrors).flat()[0] : undefined;
    return first ?? error.message;
  }
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}
