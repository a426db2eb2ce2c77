export * from "./v1";
