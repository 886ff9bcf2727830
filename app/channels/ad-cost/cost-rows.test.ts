import { describe, expect, it } from "vitest";
import { parseAmount, parseDay, wonWithVat } from "./cost-rows";

describe("a report's day", () => {
  it("reads the ways platforms write a date as a Korean date", () => {
    expect(parseDay("2026.01.22.")).toBe("2026-01-22");
    expect(parseDay("2026. 1. 2.")).toBe("2026-01-02");
    expect(parseDay("2026.01.22.(목)")).toBe("2026-01-22");
    expect(parseDay("2026-01-22")).toBe("2026-01-22");
    expect(parseDay("2026/01/22")).toBe("2026-01-22");
    expect(parseDay("20260122")).toBe("2026-01-22");
    expect(parseDay("2026년 1월 22일")).toBe("2026-01-22");
    expect(parseDay("2026-01-22 13:00:00")).toBe("2026-01-22");
  });

  it("reads a time with a zone as the Korean day of that instant", () => {
    expect(parseDay("2026-01-21T15:00:00Z")).toBe("2026-01-22");
    expect(parseDay("2026-01-21T23:59:00-0800")).toBe("2026-01-22");
  });

  it("is null for a day that is not one", () => {
    expect(parseDay("2026-02-30")).toBeNull();
    expect(parseDay("20261301")).toBeNull();
    expect(parseDay("1/22/2026")).toBeNull();
    expect(parseDay("")).toBeNull();
  });
});

describe("an amount", () => {
  it("drops thousands separators and the won sign; a dash is no number; words are NaN", () => {
    expect(parseAmount("1,234")).toBe(1234);
    expect(parseAmount("₩12,345.5")).toBe(12345.5);
    expect(parseAmount("1,000원")).toBe(1000);
    expect(parseAmount("-500")).toBe(-500);
    expect(parseAmount("--")).toBeNull();
    expect(parseAmount("")).toBeNull();
    expect(parseAmount("abc")).toBeNaN();
  });

  it("gains 10 % VAT rounded to the won (half up) unless it includes VAT", () => {
    expect(wonWithVat(45_455, false)).toBe(50_001);
    expect(wonWithVat(1_234, false)).toBe(1_357);
    expect(wonWithVat(9_999.99, false)).toBe(11_000);
    expect(wonWithVat(1_234.5, true)).toBe(1_235);
  });
});
