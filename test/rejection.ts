/** Test support: the error a call was refused with, checked to be of the expected type. */
import { expect } from "vitest";

/** The error `promise` rejects with; the test fails when it resolves or rejects with another type. */
export async function rejectionOf<T>(promise: Promise<unknown>, type: abstract new (...args: never[]) => T): Promise<T> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(type);
  return error as T;
}
