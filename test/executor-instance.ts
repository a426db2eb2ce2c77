/**
 * An app process for the two-instance executor test (inngest/local/two-instances.test.ts):
 * serves the tally function and runs a local executor against the shared database, with
 * a short lease so a killed instance's work is taken over quickly. Prints "ready <url>".
 */
import { startTestExecutor } from "@/test/executor";
import { tallyFunction } from "./tally-function";

const harness = await startTestExecutor({ functions: [tallyFunction], leaseSeconds: 4, concurrency: 2, maintenanceIntervalSeconds: 1 });
console.log(`ready ${harness.url}`);
process.once("SIGTERM", () => void harness.stop().finally(() => process.exit(0)));
