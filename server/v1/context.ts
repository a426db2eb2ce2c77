/**
 * What every service verb depends on, passed explicitly so tests run verbs against
 * the real database without a web server and can inject a clock, storage or providers.
 * Storage and providers are made on first use: most requests need neither.
 */
import { getDb, type Database } from "@/db/client";
import { getProviders } from "@/server/providers";
import type { Providers } from "@/server/providers/types";
import { getBlobStore, type BlobStore } from "@/server/storage";

export interface ServiceContext {
  db: Database;
  readonly storage: BlobStore;
  readonly providers: Providers;
  now: () => Date;
}

export async function createServiceContext(overrides: Partial<ServiceContext> = {}): Promise<ServiceContext> {
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
  };
}
