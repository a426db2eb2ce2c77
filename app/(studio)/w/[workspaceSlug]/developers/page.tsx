import type { Metadata } from "next";
import Link from "next/link";
import { ApiKeysPanel } from "@/components/developers/api-keys-panel";
import { Panel } from "@/components/ui/card";
import { CopyButton } from "@/components/workflows/copy-button";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";
import { publicApiBaseUrl } from "./api-base-url";
import { orUnmanaged, Unmanaged } from "./managed";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage({ params }: { params: Promise<{ workspaceSlug: string }> }) {
  const api = await serverApi();
  const workspace = await orNotFound(api.workspaces.bySlug({ slug: (await params).workspaceSlug }));
  const keys = await orUnmanaged(api.developers.keys({ workspaceId: workspace.id }));
  if (!keys) return <Unmanaged />;
  const baseUrl = await publicApiBaseUrl();
  return (
    <>
      <Panel title="Your first call" description="Every request goes to this address with a key in the x-api-key header.">
        <div className="space-y-3 text-sm text-stone-700">
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded-md bg-stone-100 px-3 py-2 font-mono" data-testid="api-base-url">
              {baseUrl}
            </code>
            <CopyButton text={baseUrl} label="Copy address" />
          </div>
          <p>
            Create a key below, then run{" "}
            <code className="break-all font-mono">curl {baseUrl}/me -H &quot;x-api-key: $ATRIUM_API_KEY&quot;</code>. The{" "}
            <Link href="/docs#quickstart" className="font-medium text-accent-700 underline">
              Quickstart
            </Link>{" "}
            goes on to staging a photo and verifying a webhook, in curl, TypeScript and Python.
          </p>
        </div>
      </Panel>
      <ApiKeysPanel keys={keys} />
    </>
  );
}
