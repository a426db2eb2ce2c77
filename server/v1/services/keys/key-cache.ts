/**
 * key → account, cached per instance for reads, so an authenticated GET with a warm key
 * costs no database round trip for authentication. Kept true by Postgres LISTEN/NOTIFY:
 * - a revocation notifies every instance in its transaction and then waits until each
 *   listening instance has dropped the key and acknowledged, so once revokeKey returns,
 *   no instance serves the key from its cache (the first request after it is refused);
 * - a plan change notifies too (no wait: it is not a security boundary);
 * - an instance whose listening connection is down caches nothing, and forgets all it
 *   had (notifications may have been missed); entries also expire after a minute.
 * A lookup racing a notification is not cached (a generation counter), so a key read
 * just before its revocation cannot be cached after it.
 */
import "server-only";
import crypto from "node:crypto";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { databaseUrl, getDb, getSql, type Database, type Tx } from "@/db/client";
import { logError } from "@/server/log";
import { authenticateKey, type Authenticated } from "./authenticate-key";
import { hashApiKey } from "./api-key";

const CHANNEL = "atrium_v1_key_cache";
const ACK_CHANNEL = "atrium_v1_key_cache_ack";
/** The application_name of listening connections: how a revocation counts the instances to wait for. */
const LISTENER_NAME = "atrium-key-cache";
const ENTRY_TTL_MS = 60_000;
const ACK_TIMEOUT_MS = 3_000;

interface CacheState {
  entries: Map<string, { authenticated: Authenticated; at: number }>;
  generation: number;
  listening: boolean;
  starting: Promise<void> | null;
}

const holder = globalThis as unknown as { __atriumKeyCache?: CacheState };
const state = (holder.__atriumKeyCache ??= { entries: new Map(), generation: 0, listening: false, starting: null });

function forget(change: string | null): void {
  state.generation += 1;
  if (change === null) return state.entries.clear();
  const [kind, id] = [change.slice(0, change.indexOf(":")), change.slice(change.indexOf(":") + 1)];
  for (const [hash, entry] of state.entries) {
    if ((kind === "key" && hash === id) || (kind === "account" && entry.authenticated.account.id === id)) state.entries.delete(hash);
  }
}

function startListening(): Promise<void> {
  state.starting ??= (async () => {
    await getDb();
    const listener = postgres(databaseUrl(), {
      max: 1,
      onnotice: () => {},
      connection: { application_name: LISTENER_NAME },
      onclose: () => {
        state.listening = false;
        forget(null);
      },
    });
    await listener.listen(
      CHANNEL,
      (payload) => {
        const { change, id } = JSON.parse(payload) as { change: string; id: string };
        forget(change);
        void getSql()
          .then((main) => main`select pg_notify(${ACK_CHANNEL}, ${id})`)
          .catch((err) => logError("[v1] key cache acknowledgement failed:", err));
      },
      () => {
        // (Re)connected: anything cached before may have missed a notification.
        forget(null);
        state.listening = true;
      },
    );
  })().catch((err) => {
    state.starting = null;
    logError("[v1] key cache listener did not start:", err);
  });
  return state.starting;
}

/** The account and key of a live key, from the cache when it is warm and trustworthy. */
export async function authenticateKeyCached(db: Tx, apiKey: string): Promise<Authenticated | null> {
  if (!state.listening) void startListening();
  const hash = hashApiKey(apiKey);
  const hit = state.listening ? state.entries.get(hash) : undefined;
  const now = Date.now();
  // A rotated key's end is known in advance: the cache honours it to the millisecond.
  if (hit && now - hit.at < ENTRY_TTL_MS && !(hit.authenticated.key.expiresAt && hit.authenticated.key.expiresAt.getTime() <= now)) {
    return hit.authenticated;
  }
  const generation = state.generation;
  const authenticated = await authenticateKey(db, apiKey);
  if (authenticated && state.listening && generation === state.generation) state.entries.set(hash, { authenticated, at: Date.now() });
  return authenticated;
}

/** Tells every instance (in `db`'s transaction: delivered when it commits) to drop cached keys of a change. */
export async function notifyKeyChange(
  db: Tx,
  change: `key:${string}` | `account:${string}`,
  id: string = crypto.randomUUID(),
): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ change, id })})`);
}

/** Tells every instance, when the transaction commits, to drop a key (or an account's keys) from its cache. */
export type KeyChangeNotifier = (change: `key:${string}` | `account:${string}`) => Promise<void>;

/**
 * Runs `work` in a transaction, then, when it used `notify`, waits until every listening
 * instance has acknowledged the change.
 */
export async function withKeyChangeAcknowledged<T>(db: Database, work: (tx: Tx, notify: KeyChangeNotifier) => Promise<T>): Promise<T> {
  const id = crypto.randomUUID();
  let notified = false;
  let acked = 0;
  let heard: () => void = () => {};
  const main = await getSql();
  const subscription = await main.listen(ACK_CHANNEL, (payload) => {
    if (payload !== id) return;
    acked += 1;
    heard();
  });
  try {
    const result = await db.transaction((tx) =>
      work(tx, async (change) => {
        notified = true;
        await notifyKeyChange(tx, change, id);
      }),
    );
    if (!notified) return result;
    const [{ listeners }] = await main<
      { listeners: number }[]
    >`select count(*)::int as listeners from pg_stat_activity where application_name = ${LISTENER_NAME}`;
    const deadline = Date.now() + ACK_TIMEOUT_MS;
    while (acked < listeners && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        heard = resolve;
        setTimeout(resolve, 50);
      });
    }
    if (acked < listeners) logError("[v1] key cache:", new Error(`change ${id}: ${acked} of ${listeners} instances acknowledged in time`));
    return result;
  } finally {
    await subscription.unlisten();
  }
}
