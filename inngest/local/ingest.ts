/**
 * Receives events for the local executor: stores each once (an event sent again with
 * the same id is a duplicate and starts nothing new) and queues its processing.
 * Matching triggers and waiting steps happens in the executor (on-event.ts), which
 * knows the served functions; senders only need the database.
 */
import crypto from "node:crypto";
import { z } from "zod";
import { getDb } from "@/db/client";
import { executorEvents, type StoredEvent } from "@/db/schema";
import { wakeLocalExecutors } from "./executor";
import { enqueue, senderQueue } from "./queue";
import type PgBoss from "pg-boss";

const IncomingEventSchema = z.looseObject({
  name: z.string().min(1),
  data: z.record(z.string(), z.unknown()).optional(),
  id: z.string().min(1).optional(),
  ts: z.number().optional(),
});

export async function ingestEvents(raw: unknown, boss?: PgBoss): Promise<string[]> {
  const events = z.array(IncomingEventSchema).parse(Array.isArray(raw) ? raw : [raw]);
  const db = await getDb();
  const queue = boss ?? (await senderQueue());
  const ids: string[] = [];
  for (const incoming of events) {
    const payload: StoredEvent = {
      ...incoming,
      id: incoming.id ?? crypto.randomUUID(),
      data: incoming.data ?? {},
      ts: incoming.ts ?? Date.now(),
    };
    await db.insert(executorEvents).values({ id: payload.id, name: payload.name, payload }).onConflictDoNothing();
    // Sent even for a duplicate: the job id is derived from the event id, so this only
    // restores a job lost between the insert and the send.
    await enqueue(queue, { kind: "event", eventId: payload.id });
    ids.push(payload.id);
  }
  wakeLocalExecutors();
  return ids;
}
