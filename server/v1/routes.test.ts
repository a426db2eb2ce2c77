/**
 * The route contract and the route files are one: every route file under app/api/v1
 * binds each of its methods to the table entry of its own method and path, every entry
 * of the table has such a file, and every other method of the file's path answers 405
 * `method_not_allowed` with the table's `Allow`. (The catch-all and /api/v1 itself answer
 * the JSON 404 and are not routes of the contract.)
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { BoundRoute } from "./http/bind-route";
import { routeName, V1_ROUTES } from "./routes";

/** A route file's exports: bound routes (with their entry) and the 405 answers of methodsNotAllowed. */
type RouteModule = Record<string, { route?: BoundRoute["route"] } | undefined>;

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
      const routeModule = (await import(path.join(API_DIR, file))) as RouteModule;
      for (const method of METHODS.filter((m) => routeModule[m]?.route)) {
        const expected = `${method} ${pathOfFile(file)}`;
        expect(routeModule[method]!.route, `${file} ${method} is bound with bindRoute`).toBeDefined();
        expect(routeName(routeModule[method]!.route!), `${file} ${method} is bound to its own entry`).toBe(expected);
        bound.push(expected);
      }
    }
    expect(bound.sort()).toEqual(V1_ROUTES.map(routeName).sort());
    expect(bound).toHaveLength(13);
  });

  it("answers every other method of a route's path with 405, the path's error body, x-request-id and Allow, and OPTIONS with Allow", async () => {
    for (const file of routeFiles().filter((f) => !NOT_CONTRACT_ROUTES.includes(f))) {
      const routeModule = (await import(path.join(API_DIR, file))) as RouteModule;
      const routes = V1_ROUTES.filter((route) => route.path === pathOfFile(file));
      const taken = routes.map((route) => route.method.toUpperCase());
      const allow = [...taken, ...(taken.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
      for (const method of METHODS.filter((m) => !taken.includes(m))) {
        const handler = routeModule[method];
        expect(handler, `${file} exports ${method}`).toBeDefined();
        const response = await (handler as unknown as () => Promise<Response>)();
        expect([response.status, response.headers.get("allow")], `${method} ${file}`).toEqual([405, allow]);
        expect(response.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
        const body = await response.json();
        if (routes[0].style === "legacy") expect(body).toEqual({ error: expect.any(String), code: "method_not_allowed" });
        else
          expect(body).toMatchObject({
            job_id: null,
            status: "failed",
            result: null,
            error: { code: "method_not_allowed" },
            credits_charged: null,
          });
      }
      const options = await (routeModule.OPTIONS as unknown as () => Promise<Response>)();
      expect([options.status, options.headers.get("allow")], `OPTIONS ${file}`).toEqual([204, allow]);
    }
  });
});
