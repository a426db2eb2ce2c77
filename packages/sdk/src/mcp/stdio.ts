#!/usr/bin/env node
/**
 * `atrium-mcp`: the Atrium MCP server over stdio, for an AI assistant that starts local
 * servers (Claude Desktop, Cursor, …). It reads ATRIUM_API_KEY and ATRIUM_BASE_URL (the
 * API's base, ending in /api/v1) and logs only to stderr: stdout carries the protocol.
 */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createAtriumClient } from "../client.ts";
import { createAtriumMcpServer } from "./tools.ts";

const apiKey = process.env.ATRIUM_API_KEY;
const baseUrl = process.env.ATRIUM_BASE_URL;
if (!apiKey || !baseUrl) {
  console.error("atrium-mcp needs ATRIUM_API_KEY (an idk_… key) and ATRIUM_BASE_URL (e.g. https://atrium.example/api/v1).");
  process.exit(2);
}

const client = createAtriumClient({ apiKey, baseUrl });
serveStdio(() => createAtriumMcpServer(client), { onerror: (error) => console.error("[atrium-mcp]", error) });
