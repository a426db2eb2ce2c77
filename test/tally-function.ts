/**
 * A durable function for multi-instance tests: its one step appends "start <n> <pid>" to
 * $TALLY_FILE, takes a moment, then appends "done <n> <pid>", so a test sees which
 * process ran what, and how many times.
 */
import fs from "node:fs";
import { eventType, staticSchema } from "inngest";
import { inngest } from "@/inngest/client";

export const tallyRequested = eventType("test/tally.requested", { schema: staticSchema<{ n: number; ms: number }>() });

export const tallyFunction = inngest.createFunction({ id: "t-tally", triggers: [tallyRequested] }, async ({ event, step }) =>
  step.run("work", async () => {
    fs.appendFileSync(process.env.TALLY_FILE!, `start ${event.data.n} ${process.pid}\n`);
    await new Promise((resolve) => setTimeout(resolve, event.data.ms));
    fs.appendFileSync(process.env.TALLY_FILE!, `done ${event.data.n} ${process.pid}\n`);
    return process.pid;
  }),
);
