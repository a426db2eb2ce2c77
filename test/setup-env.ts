import { inject } from "vitest";

// Runs before each test file's imports, so env.ts parses these values.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATA_DIR = inject("dataDir");
process.env.NODE_ENV = "test";
