import type { ConsentRequest } from "@/server/oauth/consent";
import { KEY_SCOPE_LABELS, KEY_SCOPES, type KeyScope } from "@/shared/vocabulary";
import { holdersOf } from "@/shared/roles";
import { buttonClasses } from "@/components/ui/button";

const SCOPE_HINTS: Record<KeyScope, string> = {
  full: "Stage photos, make videos and multi-view sets, write listing copy: uses the workspace's quota and credits.",
  read_only: "Read job status, usage and balance only: nothing is made or charged.",
};

/**
 * The consent form: a plain HTML form (it works before the page's scripts load), posted
 * to the decision route, which answers the app. Allow needs a workspace; Deny never does.
 */
export function ConsentForm({
  request,
  workspaces,
  verified,
  email,
}: {
  request: ConsentRequest;
  workspaces: { id: string; name: string }[];
  verified: boolean;
  email: string;
}) {
  const preferred: KeyScope = request.requestedScopes.length === 1 ? request.requestedScopes[0] : "full";
  const canApprove = workspaces.length > 0 && verified;
  return (
    <form method="post" action={`/oauth/consent/${request.uid}/decision`} className="mt-4 space-y-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere">Connect {request.clientName} to Atrium?</h1>
        <p className="mt-2 text-sm text-stone-600">
          It will call Atrium&apos;s tools for you, as the workspace you choose, until you revoke it under Developers → Connected apps.
        </p>
      </div>
      <dl className="space-y-2 rounded-lg bg-stone-50 px-4 py-3 text-sm ring-1 ring-stone-200">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-stone-600">App</dt>
          <dd className="font-medium text-stone-900 wrap-anywhere">{request.clientName}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-stone-600">Identified by</dt>
          <dd className="font-medium text-stone-900 wrap-anywhere" data-testid="client-host">
            {request.clientHost ?? "its own registration (the name is the app's own claim)"}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-stone-600">Sends you back to</dt>
          <dd className="font-medium text-stone-900 wrap-anywhere" data-testid="redirect-host">
            {request.redirectHost}
          </dd>
        </div>
      </dl>

      {!verified ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          Confirm your email address first: open the link we emailed you, then come back to this page.
        </p>
      ) : workspaces.length === 0 ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          None of your workspaces lets you connect apps: only {holdersOf("manage_developers")} can. Ask one of them, or deny.
        </p>
      ) : (
        <>
          <div className="space-y-1.5">
            <label htmlFor="consent-workspace" className="block text-sm font-medium text-stone-800">
              Workspace
            </label>
            <select
              id="consent-workspace"
              name="workspaceId"
              required
              className="block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm ring-1 ring-inset ring-stone-300 focus:ring-2 focus:ring-inset focus:ring-accent-600 focus:outline-none"
            >
              {workspaces.map((workspace) => (
                <option key={workspace.id} value={workspace.id}>
                  {workspace.name}
                </option>
              ))}
            </select>
            <p className="text-xs text-stone-600">Its quota and credits pay for what the app makes.</p>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-stone-800">What it may do</legend>
            {KEY_SCOPES.map((scope) => (
              <label
                key={scope}
                className="flex gap-3 rounded-lg px-3 py-2 ring-1 ring-stone-200 has-checked:ring-2 has-checked:ring-accent-600"
              >
                <input type="radio" name="scope" value={scope} defaultChecked={scope === preferred} className="mt-1" />
                <span>
                  <span className="block text-sm font-medium text-stone-900">{KEY_SCOPE_LABELS[scope]}</span>
                  <span className="block text-xs text-stone-600">{SCOPE_HINTS[scope]}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="submit" name="decision" value="deny" formNoValidate className={buttonClasses("secondary", "lg")}>
          Deny
        </button>
        {canApprove ? (
          <button type="submit" name="decision" value="approve" className={buttonClasses("primary", "lg")}>
            Allow
          </button>
        ) : null}
      </div>
      <p className="text-xs text-stone-600">Signed in as {email}</p>
    </form>
  );
}
