import "server-only";
import { env } from "@/env";
import { getDb } from "@/db/client";
import { logError } from "@/server/log";
import { restoreProvisionedKeys } from "./restore-provisioned-keys";

/** At server start, in the background: workspaces left on a pasted key go back to their own account (restore-provisioned-keys.ts). */
export function restoreProvisionedKeysOnStart(): void {
  // A build or a deployment without a database yet has nothing to restore.
  if (env.VERCEL && !env.DATABASE_URL) return;
  void getDb()
    .then((db) => restoreProvisionedKeys({ db, now: () => new Date() }))
    .then((restored) => {
      for (const { workspaceId, account } of restored)
        console.log(
          `[studio] workspace ${workspaceId}: pasted key replaced by a key of its ${account === "recovered" ? "own provisioned" : "new"} account`,
        );
    })
    .catch((error) => logError("[studio] restoring provisioned keys failed:", error));
}
