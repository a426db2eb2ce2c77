import { KeyRound } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { V1ConnectionSummary } from "@/server/studio/workspaces/show-v1-connection";

/**
 * Which image-service account the workspace uses, read-only: the key was provisioned for
 * the workspace's own account (only its prefix is ever shown) and the service address is
 * the deployment's setting. Nobody in the workspace can swap either, so a member who
 * leaves takes no access to the workspace's work with them.
 */
export function V1ConnectionDetails({ connection }: { connection: V1ConnectionSummary }) {
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-stone-600">API key</dt>
        <dd className="mt-1 flex flex-wrap items-center gap-2">
          <KeyRound className="size-4 text-stone-500" aria-hidden="true" />
          <code className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-stone-800">{connection.keyPrefix ?? "—"}</code>
          {connection.provisioned ? <Badge tone="accent">Provisioned</Badge> : <Badge tone="danger">No key</Badge>}
        </dd>
      </div>
      <div>
        <dt className="text-stone-600">Image service</dt>
        {connection.baseUrl ? (
          <dd className="mt-1 break-all font-mono text-stone-800">{connection.baseUrl}</dd>
        ) : (
          <dd className="mt-1 text-stone-800">Built into this deployment</dd>
        )}
      </div>
    </dl>
  );
}
