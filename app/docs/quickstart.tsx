/** The top of /docs: from no key to a first call and a verified webhook in a few minutes (D16). */
import { CodeTabs } from "./code-tabs";
import { FIRST_CALL, VERIFY_WEBHOOK, WORKFLOWS } from "./samples";

const STEP = "scroll-mt-6 rounded-lg border border-stone-200 bg-white p-6 shadow-card";

export function Quickstart() {
  return (
    <section id="quickstart" aria-labelledby="quickstart-heading" className="scroll-mt-6 space-y-6">
      <div>
        <h2 id="quickstart-heading" className="text-2xl font-semibold">
          Quickstart
        </h2>
        <p className="mt-2 text-stone-700">Three steps: get a key in the studio, call the API, verify a webhook. Then pick a workflow.</p>
      </div>

      <div id="get-a-key" className={STEP}>
        <h3 className="text-lg font-semibold">1. Get an API key</h3>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-stone-700">
          <li>Sign in to the studio as an owner or admin of your workspace.</li>
          <li>
            Open <strong>Developers</strong> in the sidebar, then <strong>Create key</strong>. Name it after what will use it, and choose{" "}
            <strong>Read only</strong> for programs that only read results (any other call is refused with 403{" "}
            <code className="font-mono">insufficient_scope</code>).
          </li>
          <li>
            Copy the key (it starts with <code className="font-mono">idk_</code>): it is shown once. The same page shows the API address.
          </li>
        </ol>
        <p className="mt-4 rounded-md bg-stone-100 p-3 font-mono text-sm">
          export ATRIUM_BASE_URL=https://&lt;your-deployment&gt;/api/v1 ATRIUM_API_KEY=idk_…
        </p>
        <p className="mt-3 text-sm text-stone-600">
          Rotate a key from the same list (the old one keeps working for the overlap you choose, 24 hours by default) and revoke one at once
          when it leaks. The <strong>Request log</strong> tab lists every call with its status, latency and request id.
        </p>
      </div>

      <div id="first-call" className={STEP}>
        <h3 className="mb-3 text-lg font-semibold">2. Make a first call</h3>
        <CodeTabs sample={FIRST_CALL} label="First call" />
        <p className="mt-3 text-sm text-stone-600">
          Every answer carries an <code className="font-mono">x-request-id</code> header; find the same id in the Request log, or quote it
          when you ask for help.
        </p>
      </div>

      <div id="verify-a-webhook" className={STEP}>
        <h3 className="text-lg font-semibold">3. Verify a webhook</h3>
        <p className="mt-2 text-stone-700">
          Under <strong>Developers → Webhooks</strong>, add your endpoint&apos;s https URL and copy its signing secret (
          <code className="font-mono">whsec_…</code>, shown once, for{" "}
          <code className="font-mono">export ATRIUM_WEBHOOK_SECRET=whsec_…</code>). A development server started with{" "}
          <code className="font-mono">npm run dev</code> also takes a receiver on your own machine (
          <code className="font-mono">http://localhost:8080/</code>). <strong>Send test event</strong> delivers a{" "}
          <code className="font-mono">webhook.test</code> at once; real <code className="font-mono">job.completed</code> and{" "}
          <code className="font-mono">job.failed</code> events follow your jobs. Deliveries follow{" "}
          <a className="text-accent-700 underline" href="#webhooks">
            Standard Webhooks
          </a>
          , so its libraries verify them in one call:
        </p>
        <div className="mt-3">
          <CodeTabs sample={VERIFY_WEBHOOK} label="Verifying a webhook" />
        </div>
        <p className="mt-3 text-sm text-stone-600">
          Answer 2xx within 15 seconds. Anything else is retried for about 3 days with the same{" "}
          <code className="font-mono">webhook-id</code>, and each attempt shows in the endpoint&apos;s delivery log, where you can also
          redeliver by hand.
        </p>
      </div>

      <div className="space-y-6">
        <h3 className="text-xl font-semibold">Workflows</h3>
        {WORKFLOWS.map((workflow) => (
          <div key={workflow.id} id={workflow.id} className={STEP}>
            <h4 className="text-lg font-semibold">{workflow.title}</h4>
            <p className="mb-3 mt-1 text-stone-700">{workflow.summary}</p>
            <CodeTabs sample={workflow.sample} label={workflow.title} />
          </div>
        ))}
      </div>
    </section>
  );
}
