"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/empty-state";

export function AcceptInvitationButton({ token, workspaceName }: { token: string; workspaceName: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const accept = useMutation(
    trpc.invitations.accept.mutationOptions({ onSuccess: ({ workspaceSlug }) => router.push(`/w/${workspaceSlug}/projects`) }),
  );
  return (
    <div className="space-y-4">
      {accept.error ? <ErrorState title="Could not join" message={errorMessage(accept.error)} /> : null}
      <Button className="w-full" size="lg" loading={accept.isPending || accept.isSuccess} onClick={() => accept.mutate({ token })}>
        Join {workspaceName}
      </Button>
    </div>
  );
}
