import { freePort } from "./process-harness";
import { inject } from "vitest";
import { ownDatabase } from "./own-database";

// Runs before each test file's imports, so env.ts parses these values. Each test file
// gets its own ports: one for the app's route handlers (test/app-server.ts) and one for
// a fixture server of source images (test/fixture-server.ts), which the fetch allowlist
// admits as a deployment would admit a named host; and its own database (own-database.ts).

const appPort = await freePort();
const fixturePort = await freePort();
process.env.DATABASE_URL = await ownDatabase(inject("databaseUrl"));
process.env.DATA_DIR = inject("dataDir");
process.env.PORT = String(appPort);
process.env.APP_URL = `http://127.0.0.1:${appPort}`;
process.env.FIXTURE_PORT = String(fixturePort);
process.env.V1_FETCH_ALLOWLIST ??= `127.0.0.1:${fixturePort}`;
process.env.V1_PREVIEW_FEATURES ??= "all";
// As in `npm run dev` and the browser tests: new workspaces can use every workflow. Tests of
// the plans themselves set free before their imports (server/billing/who-may-spend.test.ts).
process.env.STUDIO_SIGNUP_PLAN ??= "business";
