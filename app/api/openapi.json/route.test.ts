import { expect, it } from "vitest";
import { GET } from "./route";

it("serves the OpenAPI document as JSON, built once", async () => {
  const first = GET();
  expect(first.status).toBe(200);
  expect(first.headers.get("content-type")).toContain("application/json");
  const document = await first.json();
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toHaveLength(11); // 13 operations on 11 paths
  expect(await GET().text()).toBe(JSON.stringify(document));
});
