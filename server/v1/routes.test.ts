/**
 * The route contract and the route files are one: every route file under app/api/v1
 * binds each of its methods to the table entry of its own method and path, and every
 * entry of the table has such a file. (The catch-all and /api/v1 itself answer the JSON
 * 404 and are not routes of the contract.)
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { BoundRoute } from "./http/bind-route";
import { routeName, V1_ROUTES } from "./routes";

const API_DIR = path.resolve("app/api/v1");
const NOT_CONTRACT_ROUTES = ["route.ts", "[...unknown]/route.ts"];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir = API_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [path.relative(API_DIR, full)] : [];
  });
}

/** app/api/v1/jobs/[jobSource]/route.ts → /jobs/{jobSource} */
const pathOfFile = (file: string) => `/${path.dirname(file)}`.replace(/\[(\w+)\]/g, "{$1}");

describe("the route contract", () => {
  it("has one entry per method of each route file, bound to that entry, and a file for every entry", async () => {
    const bound: string[] = [];
    for (const file of routeFiles().filter((f) => !NOT_CONTRACT_ROUTES.includes(f))) {
      const routeModule = (await import(path.join(API_DIR, file))) as Record<string, BoundRoute | undefined>;
      for (const method of METHODS.filter((m) => routeModule[m])) {
        const expected = `${method} ${pathOfFile(file)}`;
        expect(routeModule[method]!.route, `${file} ${method} is bound with bindRoute`).toBeDefined();
        expect(routeName(routeModule[method]!.route), `${file} ${method} is bound to its own entry`).toBe(expected);
        bound.push(expected);
      }
    }
    expect(bound.sort()).toEqual(V1_ROUTES.map(routeName).sort());
    expect(bound).toHaveLength(13);
  });
});
