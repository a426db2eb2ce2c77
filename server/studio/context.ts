/**
 * What every studio verb depends on, passed explicitly so tests run verbs against the
 * real database without a web server. Storage is resolved lazily: most verbs never
 * touch it, and pages that only read rows should not need a configured bucket.
 */
import { getDb, type Database } from "@/db/client";
import { getBlobStore, type BlobStore } from "@/server/storage";

export interface StudioContext {
  db: Database;
  storage: () => BlobStore;
  now: () => Date;
}

export async function createStudioContext(overrides: Partial<StudioContext> = {}): Promise<StudioContext> {
  return {
    db: overrides.db ?? (await getDb()),
    storage: overrides.storage ?? getBlobStore,
    now: overrides.now ?? (() => new Date()),
  };
}
