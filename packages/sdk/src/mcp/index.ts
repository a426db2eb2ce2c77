export { createAtriumMcpServer, TOOL_ROUTES, type AtriumMcpServerOptions } from "./tools.ts";
