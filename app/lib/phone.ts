/*
 * The one phone rule, for the lead forms (a visitor's number) and for every number in a complex's
 * content (identity.phone, sms.sender, phoneBySource, privacy.optOutNumber): what is accepted, and
 * the hyphenated form it is stored and shown in.
 */

// Dashes a phone keyboard, a word processor or a Japanese/Chinese input method may give.
const DASHES = /[\u2010-\u2015\u2212\u2043\u30FC\uFE58\uFE63\uFF0D]/g;

/**
 * A Korean phone number in its hyphenated form, or null: mobile (010 with eight digits after it;
 * the old 011, 016–019 with seven or eight), Seoul 02, regional 031–064, internet 070, virtual
 * 050 (eleven or twelve digits), free-call 080, and 15XX/16XX/18XX representative numbers. Digits with or without hyphens;
 * full-width digits, other dash characters, spaces, dots and brackets are accepted, and so is the
 * country code (+82, 0082, "+82 (0)10 …").
 */
export function normalizePhone(input: string): string | null {
  let digits = input
    .normalize("NFKC")
    .replace(DASHES, "-")
    .replace(/\(0\)/g, "")
    .replace(/[\s\-().]/g, "");
  const international = /^(?:\+|00)?82/.exec(digits);
  if (international) digits = "0" + digits.slice(international[0].length).replace(/^0/, "");
  if (!/^[0-9]+$/.test(digits)) return null;
  let m: RegExpExecArray | null;
  if ((m = /^(010)([0-9]{4})([0-9]{4})$/.exec(digits))) return `${m[1]}-${m[2]}-${m[3]}`;
  if ((m = /^(01[16789])([0-9]{3,4})([0-9]{4})$/.exec(digits))) return `${m[1]}-${m[2]}-${m[3]}`;
  if ((m = /^(02)([0-9]{3,4})([0-9]{4})$/.exec(digits))) return `${m[1]}-${m[2]}-${m[3]}`;
  if ((m = /^(0[3-6][1-5]|070|080)([0-9]{3,4})([0-9]{4})$/.exec(digits)))
    return `${m[1]}-${m[2]}-${m[3]}`;
  // Virtual numbers: 050-XXXX-XXXX (eleven digits), 050X-XXXX-XXXX (twelve).
  if ((m = /^(050[0-9]?)([0-9]{4})([0-9]{4})$/.exec(digits))) return `${m[1]}-${m[2]}-${m[3]}`;
  if ((m = /^(1[568][0-9]{2})([0-9]{4})$/.exec(digits))) return `${m[1]}-${m[2]}`;
  return null;
}

/** "1600-0000" → "tel:16000000" */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, "")}`;
}
