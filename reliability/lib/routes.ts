/** The 13 routes of /api/v1 (D12), derived from the route contract (server/v1/routes.ts). */
import type { z } from "zod";
import { routeName, V1_ROUTES } from "@/server/v1/routes";

export interface RouteDef {
  name: string;
  method: "GET" | "POST";
  /** The path without its `{param}` segment. */
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** GET /jobs/{jobSource}: the id is a path segment. */
  pathParam?: boolean;
  /** A generation POST: consumes quota, may charge, honours Idempotency-Key. */
  generation?: boolean;
  style: "legacy" | "envelope";
}

export const ROUTES: RouteDef[] = V1_ROUTES.map((route) => ({
  name: routeName(route),
  method: route.method === "get" ? "GET" : "POST",
  path: route.path.replace(/\/\{\w+\}$/, ""),
  body: route.body,
  query: route.query,
  pathParam: /\{\w+\}/.test(route.path),
  generation: route.generation,
  style: route.style,
}));
