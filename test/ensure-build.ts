/** `node --import tsx test/ensure-build.ts`: builds the app unless its build is current (Playwright's web server runs it before `next start`). */
import { ensureBuild } from "./build-freshness";

ensureBuild(process.cwd(), { env: process.env, log: (line) => console.log(line) });
