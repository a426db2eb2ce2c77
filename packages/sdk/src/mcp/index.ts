export { createAtriumMcpServer, type AtriumMcpServerOptions } from "./tools.js";
