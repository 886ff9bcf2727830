import { describe, expect, test } from "vitest";
import {
  buyerShare,
  formatWon,
  MAX_PRICE,
  parsePrice,
  STAMP_TAX_BRACKETS,
  stampTax,
  stampTaxBracket,
} from "./stamp-tax";

describe("stamp tax by contract price (인지세법 제3조)", () => {
  test.each([
    [0, 0],
    [1, 0],
    [10_000_000, 0],
    [10_000_001, 20_000],
    [20_000_000, 20_000],
    [30_000_000, 20_000],
    [30_000_001, 40_000],
    [50_000_000, 40_000],
    [50_000_001, 70_000],
    [100_000_000, 70_000],
    [100_000_001, 150_000],
    [450_000_000, 150_000],
    [1_000_000_000, 150_000],
    [1_000_000_001, 350_000],
    [3_500_000_000, 350_000],
  ])("a contract of %i won pays %i won", (price, tax) => {
    expect(stampTax(price)).toBe(tax);
  });

  test("every price falls in exactly one bracket and the brackets join without gaps", () => {
    for (const [i, b] of STAMP_TAX_BRACKETS.entries()) {
      const next = STAMP_TAX_BRACKETS[i + 1];
      if (next) expect(next.over).toBe(b.upTo);
      else expect(b.upTo).toBeNull();
    }
    expect(stampTaxBracket(10_000_000).label).toBe("1천만원 이하");
    expect(stampTaxBracket(10_000_001).label).toBe("1천만원 초과 ~ 3천만원 이하");
    expect(stampTaxBracket(1_000_000_001).label).toBe("10억원 초과");
  });

  test("a negative or impossible price is refused", () => {
    expect(() => stampTax(-1)).toThrow(RangeError);
    expect(() => stampTax(Number.NaN)).toThrow(RangeError);
  });

  test("the buyer's share is the given percentage of the tax", () => {
    expect(buyerShare(150_000, 50)).toBe(75_000);
    expect(buyerShare(350_000, 50)).toBe(175_000);
    expect(buyerShare(20_000, 100)).toBe(20_000);
    expect(buyerShare(70_000, 0)).toBe(0);
  });
});

describe("reading the price a visitor types", () => {
  test.each([
    ["150,000,000", 150_000_000],
    ["150000000", 150_000_000],
    [" 450,000,000원 ", 450_000_000],
    ["1 000 000", 1_000_000],
    ["0", 0],
  ])("%j is read as %i won", (input, price) => {
    expect(parsePrice(input)).toEqual({ ok: true, price });
  });

  test.each([
    ["", "계약금액을 입력해 주세요."],
    ["   ", "계약금액을 입력해 주세요."],
    ["-5,000,000", "계약금액은 0원 이상으로 입력해 주세요."],
    ["1.5억", "계약금액은 숫자로만 입력해 주세요. (예: 450,000,000)"],
    ["abc", "계약금액은 숫자로만 입력해 주세요. (예: 450,000,000)"],
    ["1,,000", "계약금액은 숫자로만 입력해 주세요. (예: 450,000,000)"],
    ["1000,", "계약금액은 숫자로만 입력해 주세요. (예: 450,000,000)"],
    [String(MAX_PRICE + 1), "계약금액이 너무 큽니다. 금액을 다시 확인해 주세요."],
  ])("%j gets the message %j", (input, message) => {
    expect(parsePrice(input)).toEqual({ ok: false, message });
  });

  test("amounts are written the Korean way", () => {
    expect(formatWon(150_000)).toBe("150,000원");
    expect(formatWon(0)).toBe("0원");
  });
});
