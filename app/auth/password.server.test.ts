import { describe, expect, it } from "vitest";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("accepts the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$N=16384,r=8,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain("correct horse battery");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash, so the same password never gives the same string", async () => {
    const a = await hashPassword("같은비밀번호1234");
    const b = await hashPassword("같은비밀번호1234");
    expect(a).not.toBe(b);
    expect(await verifyPassword("같은비밀번호1234", a)).toBe(true);
    expect(await verifyPassword("같은비밀번호1234", b)).toBe(true);
  });

  it("refuses malformed or tampered hashes instead of throwing", async () => {
    const stored = await hashPassword("password-1");
    expect(await verifyPassword("password-1", "")).toBe(false);
    expect(await verifyPassword("password-1", "plain:password-1")).toBe(false);
    expect(await verifyPassword("password-1", stored.replace("N=16384", "N=1073741824"))).toBe(
      false,
    );
    expect(await verifyPassword("password-1", stored.slice(0, -8) + "AAAAAAA=")).toBe(false);
  });

  it("has a dummy hash that no ordinary password matches", async () => {
    expect(await verifyPassword("password", await dummyPasswordHash())).toBe(false);
  });
});
