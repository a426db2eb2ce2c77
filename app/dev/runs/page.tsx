import { notFound } from "next/navigation";
import { env, usesInngestServer } from "@/env";
import { listRuns } from "@/inngest/local/list-runs";

export const dynamic = "force-dynamic";

/** Runs of the local executor, in development only (absent in production and tests; production uses the Inngest dashboard). */
export default async function RunsPage() {
  if (env.NODE_ENV !== "development" || usesInngestServer(env)) notFound();
  const runs = await listRuns(50);
  return (
    <main className="mx-auto max-w-4xl p-6">
      <h1 className="mb-4 text-xl font-semibold">Local executor runs</h1>
      {runs.length === 0 && (
        <p>
          No runs yet. Try <code>npm run admin -- runs start-sample</code>.
        </p>
      )}
      <ul className="space-y-3">
        {runs.map((run) => (
          <li key={run.id} className="rounded border p-3">
            <div className="font-mono text-sm">
              <strong>{run.status}</strong> {run.functionId} ({run.event}) · {run.createdAt.toISOString()}
            </div>
            <ol className="ml-4 list-decimal text-sm">
              {run.steps.map((step) => (
                <li key={`${run.id}-${step.name}`}>
                  {step.name} · {step.kind} · {step.status}
                  {step.attempt > 0 ? ` · attempt ${step.attempt + 1}` : ""}
                </li>
              ))}
            </ol>
            {run.error ? <pre className="mt-2 overflow-x-auto text-xs">{JSON.stringify(run.error, null, 2)}</pre> : null}
          </li>
        ))}
      </ul>
    </main>
  );
}
