import { ServerCog } from "lucide-react";
import { notFound } from "next/navigation";
import { EmptyState } from "@/components/ui/empty-state";
import { trpcErrorCode } from "@/server/trpc/trpc-error-code";

/**
 * A Developers query's result, or null when the workspace's v1 account is not one this
 * deployment manages (a key pasted from elsewhere before D16): the workspace was found,
 * so NOT_FOUND can only mean that. An agent's FORBIDDEN is the section's 404, as the
 * layout answers (a page renders alongside its layout, so it meets the refusal too).
 */
export async function orUnmanaged<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    const code = trpcErrorCode(error);
    if (code === "NOT_FOUND") return null;
    if (code === "FORBIDDEN") notFound();
    throw error;
  }
}

export function Unmanaged() {
  return (
    <EmptyState
      icon={ServerCog}
      title="This workspace's API account is managed elsewhere"
      description="Its keys and webhooks live with the service it uses. Ask your Atrium operator to move the workspace to this deployment's own account."
    />
  );
}
