/**
 * What every verb depends on, service and studio alike, passed explicitly so tests run
 * verbs against the real database without a web server and can inject a clock, storage,
 * providers or an event sender. Storage, providers and the event sender are made on first
 * use: most requests need none of them (and making the inngest client outside an Inngest
 * deployment reads, or first writes, the local executor's key file).
 */
import "server-only";
import { getDb, type Database } from "@/db/client";
import type { inngest } from "@/inngest/client";
import { getProviders } from "@/server/providers";
import type { Providers } from "@/server/providers/types";
import { getBlobStore, type BlobStore } from "@/server/storage";

/** How verbs start durable work: `ctx.events.send(someEvent.create(data))`, with the typed events of inngest/events.ts and inngest/studio-events.ts. */
export type EventSender = Pick<typeof inngest, "send">;

export interface VerbContext {
  db: Database;
  readonly storage: BlobStore;
  readonly providers: Providers;
  readonly events: EventSender;
  now: () => Date;
}

const inngestEvents: EventSender = {
  send: async (payload, options) => (await import("@/inngest/client")).inngest.send(payload, options),
};

export async function createVerbContext(overrides: Partial<VerbContext> = {}): Promise<VerbContext> {
  const db = overrides.db ?? (await getDb());
  return {
    db,
    now: overrides.now ?? (() => new Date()),
    get storage() {
      return overrides.storage ?? getBlobStore();
    },
    get providers() {
      return overrides.providers ?? getProviders();
    },
    get events() {
      return overrides.events ?? inngestEvents;
    },
  };
}
