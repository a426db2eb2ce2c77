import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./secret-box";

describe("secret box", () => {
  it("round-trips and never stores the plaintext", () => {
    const envelope = encryptSecret("atr_live_abcdef123456");
    expect(envelope).not.toContain("atr_live_abcdef123456");
    expect(decryptSecret(envelope)).toBe("atr_live_abcdef123456");
  });

  it("uses a fresh nonce for every envelope", () => {
    expect(encryptSecret("same")).not.toBe(encryptSecret("same"));
  });

  it("refuses a tampered ciphertext", () => {
    const [version, iv, tag, body] = encryptSecret("secret-value").split(".");
    const flipped = Buffer.from(body, "base64url");
    flipped[0] ^= 1;
    expect(() => decryptSecret([version, iv, tag, flipped.toString("base64url")].join("."))).toThrow();
  });
});
