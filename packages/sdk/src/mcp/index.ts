export { createAtriumMcpServer, type AtriumMcpServerOptions } from "./tools.ts";
