import { describe, expect, it } from "vitest";
import { hasPermission, holdersOf, permissionsOf } from "./roles";

describe("the role table", () => {
  it("lets owners and admins publish and unpublish listing pages, and agents neither by default", () => {
    expect(permissionsOf("owner")).toEqual(expect.arrayContaining(["publish_listing", "unpublish_listing", "grant_agent_permissions"]));
    expect(permissionsOf("admin")).toEqual(expect.arrayContaining(["publish_listing", "unpublish_listing"]));
    expect(permissionsOf("admin")).not.toContain("grant_agent_permissions");
    expect(permissionsOf("agent")).toEqual([]);
    expect(holdersOf("publish_listing")).toBe("owners and admins");
    expect(holdersOf("manage_developers")).toBe("owners and admins");
    expect(holdersOf("grant_agent_permissions")).toBe("owners");
  });

  it("lets agents publish once an owner grants it, and nothing else through that grant", () => {
    expect(hasPermission("agent", "publish_listing", ["publish_listing"])).toBe(true);
    expect(hasPermission("agent", "unpublish_listing", ["publish_listing"])).toBe(false);
    expect(permissionsOf("agent", ["publish_listing"])).toEqual(["publish_listing"]);
    expect(holdersOf("publish_listing", ["publish_listing"])).toBe("owners, admins and agents");
  });
});
