/**
 * Stamp tax (인지세) on a real-estate transfer contract such as an apartment supply contract
 * (인지세법 제3조 제1항 제1호). The amount depends only on the contract price, by bracket.
 */

export type StampTaxBracket = {
  /** Exclusive lower bound in won (price must be above it); null for the first bracket. */
  over: number | null;
  /** Inclusive upper bound in won; null for the top bracket. */
  upTo: number | null;
  tax: number;
  /** How the bracket reads in Korean, e.g. "1천만원 초과 ~ 3천만원 이하". */
  label: string;
};

const MAN = 10_000;
const EOK = 100_000_000;

export const STAMP_TAX_BRACKETS: readonly StampTaxBracket[] = [
  { over: null, upTo: 1_000 * MAN, tax: 0, label: "1천만원 이하" },
  { over: 1_000 * MAN, upTo: 3_000 * MAN, tax: 20_000, label: "1천만원 초과 ~ 3천만원 이하" },
  { over: 3_000 * MAN, upTo: 5_000 * MAN, tax: 40_000, label: "3천만원 초과 ~ 5천만원 이하" },
  { over: 5_000 * MAN, upTo: 1 * EOK, tax: 70_000, label: "5천만원 초과 ~ 1억원 이하" },
  { over: 1 * EOK, upTo: 10 * EOK, tax: 150_000, label: "1억원 초과 ~ 10억원 이하" },
  { over: 10 * EOK, upTo: null, tax: 350_000, label: "10억원 초과" },
];

/** The bracket a contract price (won, 0 or more) falls into. */
export function stampTaxBracket(price: number): StampTaxBracket {
  if (!Number.isFinite(price) || price < 0)
    throw new RangeError("계약금액은 0원 이상이어야 합니다");
  return STAMP_TAX_BRACKETS.find(
    (b) => (b.over === null || price > b.over) && (b.upTo === null || price <= b.upTo),
  )!;
}

/** Stamp tax in won for a contract price in won. */
export function stampTax(price: number): number {
  return stampTaxBracket(price).tax;
}

/** The buyer's part of the tax when it is shared (floored to whole won). */
export function buyerShare(tax: number, buyerSharePercent: number): number {
  return Math.floor((tax * buyerSharePercent) / 100);
}

export type PriceInput = { ok: true; price: number } | { ok: false; message: string };

/** The largest price the calculator accepts (1조원): beyond it the input is surely a typo. */
export const MAX_PRICE = 1_000_000_000_000;

/**
 * Reads a contract price typed by a person: digits with optional thousands commas, spaces and a
 * trailing "원". Returns a Korean message for empty, malformed, negative or absurd input.
 */
export function parsePrice(input: string): PriceInput {
  const raw = input.trim().replace(/\s+/g, "").replace(/원$/, "");
  if (raw === "") return { ok: false, message: "계약금액을 입력해 주세요." };
  if (/^-/.test(raw)) return { ok: false, message: "계약금액은 0원 이상으로 입력해 주세요." };
  if (!/^[0-9][0-9,]*$/.test(raw) || /,,/.test(raw) || raw.endsWith(",")) {
    return { ok: false, message: "계약금액은 숫자로만 입력해 주세요. (예: 450,000,000)" };
  }
  const price = Number(raw.replace(/,/g, ""));
  if (price > MAX_PRICE)
    return { ok: false, message: "계약금액이 너무 큽니다. 금액을 다시 확인해 주세요." };
  return { ok: true, price };
}

/** 150000 → "150,000원" */
export function formatWon(value: number): string {
  return `${value.toLocaleString("ko-KR")}원`;
}
