"use client";
import { useMutation } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button, type ButtonProps } from "@/components/ui/button";
import type { PaidPlan } from "@/shared/vocabulary";

export type StripeAction = { kind: "plan"; plan: PaidPlan } | { kind: "pack"; credits: number } | { kind: "portal" };

/**
 * A button that takes the owner to Stripe: Checkout for a plan or a pack, or the Customer
 * Portal. It stays busy until the browser has left, so a second click starts nothing more.
 */
export function StripeButton({
  action,
  children,
  variant,
  className,
}: {
  action: StripeAction;
  children: ReactNode;
  variant?: ButtonProps["variant"];
  className?: string;
}) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const go = { onSuccess: ({ url }: { url: string }) => window.location.assign(url) };
  const upgrade = useMutation(trpc.billing.upgrade.mutationOptions(go));
  const buy = useMutation(trpc.billing.buyCredits.mutationOptions(go));
  const portal = useMutation(trpc.billing.portal.mutationOptions(go));
  const mutation = action.kind === "plan" ? upgrade : action.kind === "pack" ? buy : portal;
  const { reset } = mutation;
  // Back from Stripe with the browser's Back button, the page may be restored as it was left: busy.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && reset();
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, [reset]);
  const start = () => {
    if (action.kind === "plan") upgrade.mutate({ workspaceId: workspace.id, plan: action.plan });
    else if (action.kind === "pack") buy.mutate({ workspaceId: workspace.id, credits: action.credits });
    else portal.mutate({ workspaceId: workspace.id });
  };
  return (
    <div className={className}>
      <Button variant={variant} className="w-full" loading={mutation.isPending || mutation.isSuccess} onClick={start}>
        {children}
      </Button>
      {mutation.error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {errorMessage(mutation.error)}
        </p>
      ) : null}
    </div>
  );
}
