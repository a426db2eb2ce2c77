/**
 * Typed events of Atrium (inngest v4: `eventType(name, { schema })`). A function
 * lists them in `triggers`; senders call `inngest.send(someEvent.create(data))`, which
 * validates the data against the schema before sending.
 *
 * Event names: `<area>/<noun>.<verb>`, e.g. `v1/job.requested`. Add new events below,
 * one exported constant per event, grouped by area.
 */
import { eventType } from "inngest";
import { z } from "zod";

// --- sample (the local executor's demo; see inngest/README.md) -------------------
export const sampleChainRequested = eventType("sample/chain.requested", {
  schema: z.object({ label: z.string(), sleep: z.string().optional() }),
});

// --- v1 service ------------------------------------------------------------------

// --- studio ----------------------------------------------------------------------
