import { serveMcp } from "@/server/mcp/serve-mcp";

export const runtime = "nodejs";
/** A waiting tool (stage_photo) answers within MCP_WAIT_TIMEOUT_MS; a duration of its own keeps this lean route out of the heavy routes' bundles. */
export const maxDuration = 120;

export const POST = serveMcp;
export const GET = serveMcp;
export const DELETE = serveMcp;
