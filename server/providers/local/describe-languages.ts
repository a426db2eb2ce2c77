import "server-only";

/** The local writer composes English only (local/describe.ts says why); the registry announces it without loading the writer. */
export const LOCAL_DESCRIBE_LANGUAGES: readonly string[] = ["en"];
