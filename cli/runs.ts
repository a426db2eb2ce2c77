/**
 * `npm run admin -- runs list [--json] [--limit N] [--status S]`: runs of the local executor with
 * status and steps. `runs start-sample [label]`: sends the sample chain's event.
 * With an Inngest server configured, runs live there (see its dashboard).
 */
import { closeDb } from "@/db/client";
import type { RunStatus } from "@/db/schema";
import { inngest } from "@/inngest/client";
import { sampleChainRequested } from "@/inngest/events";
import { listRuns } from "@/inngest/local/list-runs";
import { closeSenderQueue } from "@/inngest/local/queue";

export async function runRunsCommand(args: string[]): Promise<void> {
  const [verb, ...rest] = args;
  try {
    if (verb === "list") await list(rest);
    else if (verb === "start-sample") {
      const { ids } = await inngest.send(sampleChainRequested.create({ label: rest[0] ?? "sample" }));
      console.log(`Sent sample/chain.requested (event ${ids[0]}).`);
    } else throw new Error("usage: runs list [--json] [--limit N] [--status S] | runs start-sample [label]");
  } finally {
    await closeSenderQueue();
    await closeDb();
  }
}

async function list(args: string[]) {
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const runs = await listRuns(Number(option("--limit") ?? 20), option("--status") as RunStatus | undefined);
  if (args.includes("--json")) {
    console.log(JSON.stringify(runs, null, 2));
    return;
  }
  if (runs.length === 0) console.log("No runs.");
  for (const run of runs) {
    console.log(`${run.createdAt.toISOString()}  ${run.status.padEnd(9)}  ${run.functionId}  (${run.event})  ${run.id}`);
    for (const step of run.steps) {
      const retry = step.attempt > 0 ? `  attempt ${step.attempt + 1}` : "";
      console.log(`    ${step.status.padEnd(9)}  ${step.kind.padEnd(6)}  ${step.name}${retry}`);
    }
    if (run.error) console.log(`    error: ${JSON.stringify(run.error).slice(0, 300)}`);
  }
}
