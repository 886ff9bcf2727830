import { describe, expect, it } from "vitest";
import { MESSAGES, parseLeadForm } from "./lead-form";

const valid = { name: "홍길동", phone: "010-1234-5678", privacyConsent: "on" };

describe("phone numbers (the rule of ./phone)", () => {
  it.each([
    ["01012345678", "010-1234-5678"],
    ["02 1234 5678", "02-1234-5678"],
    ["15887420", "1588-7420"],
  ])("%s is sent as %s", (input, expected) => {
    const parsed = parseLeadForm({ ...valid, phone: input });
    expect(parsed.ok && parsed.data.phone).toBe(expected);
  });

  it.each(["0101234567", "010-abcd-5678"])("%s is refused with the form's message", (input) => {
    expect(parseLeadForm({ ...valid, phone: input })).toEqual({
      ok: false,
      errors: { phone: MESSAGES.phoneInvalid },
    });
  });
});

describe("names", () => {
  it.each([
    "홍길동",
    "John Smith",
    "J. R. R. Tolkien",
    "Anne-Marie",
    "남궁 민수",
    "마리아·김",
    "Zoë",
  ])("%s is accepted", (name) => {
    const parsed = parseLeadForm({ ...valid, name });
    expect(parsed.ok).toBe(true);
  });

  it.each([
    ["a line break", "홍길동\n[Web발신] 당첨을 축하합니다"],
    ["a tab", "홍\t길동"],
    ["a URL", "http://evil.example"],
    ["a bidi override", "홍길동\u202Egnp.exe"],
    ["digits", "홍길동 010 1234 5678"],
    ["only punctuation", "·-."],
    ["a symbol", "홍길동★"],
  ])("a name with %s is refused with a Korean message", (_what, name) => {
    expect(parseLeadForm({ ...valid, name })).toEqual({
      ok: false,
      errors: { name: MESSAGES.nameChars },
    });
  });

  it("keeps single spaces between words", () => {
    const parsed = parseLeadForm({ ...valid, name: "  남궁   민수 " });
    expect(parsed.ok && parsed.data.name).toBe("남궁 민수");
  });

  it("refuses a 10-million-character name with the length message instead of failing", () => {
    expect(parseLeadForm({ ...valid, name: "가".repeat(10_000_000) })).toEqual({
      ok: false,
      errors: { name: MESSAGES.nameTooLong },
    });
  });
});

describe("privacy consent", () => {
  it.each(["off", "no", "false", "true", "0", "yes", ""])(
    "privacyConsent=%s gets the Korean consent message",
    (value) => {
      expect(parseLeadForm({ ...valid, privacyConsent: value })).toEqual({
        ok: false,
        errors: { privacyConsent: MESSAGES.consentRequired },
      });
    },
  );

  it("a missing consent gets the same message", () => {
    expect(parseLeadForm({ name: valid.name, phone: valid.phone })).toEqual({
      ok: false,
      errors: { privacyConsent: MESSAGES.consentRequired },
    });
  });
});
