import { PlugZap } from "lucide-react";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { ConsentForm } from "@/components/oauth/consent-form";
import { CenteredPage } from "@/components/shell/centered-page";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/server/auth/session";
import { describeConsent, pendingInteraction } from "@/server/oauth/consent";
import { serverApi } from "@/server/trpc/server-caller";

export const metadata: Metadata = { title: "Connect an app" };

/**
 * The consent page of an AI assistant's sign-in (server/oauth): who asks (the name the app
 * gives, and the host that vouches for it), where the answer goes, and the choice of
 * workspace and scope. Only workspaces where the person may manage developer access are
 * offered. The request is found by the cookie the authorization server set in this
 * browser: opened anywhere else, the page finds nothing.
 */
export default async function ConsentPage({ params }: { params: Promise<{ uid: string }> }) {
  const { uid } = await params;
  const user = await requireUser(`/oauth/consent/${uid}`);
  const interaction = /^[\w-]{10,64}$/.test(uid) ? await pendingInteraction(uid, (await headers()).get("cookie") ?? "") : null;
  const request = interaction && !interaction.result ? await describeConsent(interaction) : null;
  const api = await serverApi();
  const [workspaces, { verified }] = await Promise.all([api.workspaces.list(), api.auth.emailStatus()]);

  return (
    <CenteredPage>
      <Card className="h-fit w-full max-w-lg px-6 py-8 sm:px-8">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent-100 text-accent-700">
          <PlugZap className="size-6" aria-hidden="true" />
        </span>
        {!request ? (
          <>
            <h1 className="mt-4 text-2xl font-semibold tracking-tight">This sign-in request is no longer open</h1>
            <p className="mt-2 text-sm text-stone-600">
              It expired, was already answered, or was started in another browser. Go back to the app you came from and connect Atrium
              again.
            </p>
          </>
        ) : (
          <ConsentForm
            request={request}
            verified={verified}
            email={user.email}
            workspaces={workspaces
              .filter((workspace) => workspace.permissions.includes("manage_developers"))
              .map(({ id, name }) => ({ id, name }))}
          />
        )}
      </Card>
    </CenteredPage>
  );
}
