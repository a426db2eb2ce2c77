export * from "./v1";
export * from "./studio";
export * from "./executor";
export * from "./studio-generations";
export * from "./studio-email";
export * from "./studio-security";
export * from "./studio-batches";
export * from "./studio-listing-copy";
