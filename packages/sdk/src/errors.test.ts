/**
 * isAtriumError recognises the SDK's errors by name and fields too: a bundler can put two
 * copies of the package in one program (one per route bundle), and an error thrown by one
 * copy is no instance of the other's class.
 */
import { describe, expect, it } from "vitest";
import { AtriumApiError, isAtriumError } from "./errors";

/** The same class as another copy of the package would define it. */
class CopiedAtriumApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "AtriumApiError";
  }
}

describe("isAtriumError", () => {
  it("recognises an error of this copy and of another copy of the package, by code when asked", () => {
    const own = new AtriumApiError({ status: 402, code: "insufficient_credits", message: "Not enough credits." });
    const copied = new CopiedAtriumApiError(402, "insufficient_credits", "Not enough credits.");
    expect(copied instanceof AtriumApiError).toBe(false);
    for (const error of [own, copied]) {
      expect(isAtriumError(error)).toBe(true);
      expect(isAtriumError(error, "insufficient_credits")).toBe(true);
      expect(isAtriumError(error, "not_found")).toBe(false);
    }
  });

  it("refuses other errors, and lookalikes without the fields", () => {
    const named = new Error("x");
    named.name = "AtriumApiError";
    expect(isAtriumError(named)).toBe(false);
    expect(isAtriumError(new Error("x"))).toBe(false);
    expect(isAtriumError({ name: "AtriumApiError", code: "not_found", status: 404 })).toBe(false);
  });
});
