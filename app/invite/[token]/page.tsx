import { MailOpen } from "lucide-react";
import type { Metadata } from "next";
import { authLink } from "@/shared/safe-callback";
import { AcceptInvitationButton } from "@/components/invitations/accept-invitation-button";
import { ConfirmEmailFirst } from "@/components/invitations/confirm-email-first";
import { SwitchAccountButton } from "@/components/invitations/switch-account-button";
import { CenteredPage } from "@/components/shell/centered-page";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { getSession } from "@/server/auth/session";
import { ROLE_LABELS } from "@/shared/vocabulary";
import { serverApi } from "@/server/trpc/server-caller";

export const metadata: Metadata = { title: "Invitation" };

const PROBLEMS = {
  expired: "This invitation has expired. Ask the person who invited you for a new link.",
  accepted: "This invitation has already been used. If it was you, sign in to open the workspace.",
  revoked: "This invitation was withdrawn. Ask the person who invited you for a new link.",
} as const;

/**
 * Anyone with the link sees who invites them where; signing up or in comes back here to
 * join. An invitation made for an address is for that address only (the server refuses
 * anyone else), and the page says so to another signed-in person. Joining needs a
 * confirmed address: an unconfirmed person is asked to confirm first.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const session = await getSession();
  const api = await serverApi();
  const invitation = token.length >= 20 && token.length <= 100 ? await api.invitations.preview({ token }) : null;
  const confirmed = session ? (await api.auth.emailStatus()).verified : false;
  const here = `/invite/${token}`;

  return (
    <CenteredPage>
      <Card className="h-fit w-full max-w-md px-6 py-8 text-center sm:px-8">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent-100 text-accent-700">
          <MailOpen className="size-6" aria-hidden="true" />
        </span>
        {!invitation ? (
          <>
            <h1 className="mt-4 text-2xl font-semibold tracking-tight">Invitation not found</h1>
            <p className="mt-2 text-sm text-stone-600">Check that you copied the whole link.</p>
          </>
        ) : (
          <>
            <h1 className="mt-4 text-2xl font-semibold tracking-tight">Join {invitation.workspaceName}</h1>
            <p className="mt-2 text-sm text-stone-600">
              {invitation.invitedByName ? `${invitation.invitedByName} invited you` : "You are invited"} to join as{" "}
              <strong className="font-semibold text-stone-900">{ROLE_LABELS[invitation.role]}</strong>.
            </p>
            <div className="mt-6">
              {invitation.state !== "pending" ? (
                <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
                  {PROBLEMS[invitation.state]}
                </p>
              ) : session && invitation.email && invitation.email !== session.user.email ? (
                <div className="space-y-3">
                  <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
                    This invitation is for <strong className="font-semibold wrap-anywhere">{invitation.email}</strong>, and you are signed
                    in as <span className="wrap-anywhere">{session.user.email}</span>. Sign in with the invited address to join.
                  </p>
                  <SwitchAccountButton signInHref={authLink("/sign-in", here, invitation.email)} />
                </div>
              ) : session && !confirmed ? (
                <ConfirmEmailFirst email={session.user.email} invitationPath={here} />
              ) : session ? (
                <div className="space-y-3">
                  <AcceptInvitationButton token={token} workspaceName={invitation.workspaceName} />
                  <p className="text-xs text-stone-600">Signed in as {session.user.email}</p>
                </div>
              ) : (
                <div className="space-y-3">
                  <ButtonLink href={authLink("/sign-up", here, invitation.email ?? undefined)} size="lg" className="w-full">
                    Create an account to join
                  </ButtonLink>
                  <ButtonLink
                    href={authLink("/sign-in", here, invitation.email ?? undefined)}
                    variant="secondary"
                    size="lg"
                    className="w-full"
                  >
                    I already have an account
                  </ButtonLink>
                </div>
              )}
            </div>
          </>
        )}
      </Card>
    </CenteredPage>
  );
}
