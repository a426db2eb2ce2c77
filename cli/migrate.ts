/** Applies pending migrations to DATABASE_URL (or the embedded server) and exits: the release step of a deployment. */
import { closeDb, getDb } from "@/db/client";

await getDb();
await closeDb();
console.log("Migrations applied.");
