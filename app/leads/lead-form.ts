import { normalizePhone } from "~/lib/phone";
import { z } from "~/lib/zod";

/*
 * The lead forms' rules, shared by the browser (instant feedback) and the server (which decides).
 * Three forms use them: the registration popup ("visit"), the customer-page inquiry and the
 * home page's inline visit form ("inquiry").
 */

export const LEAD_KINDS = ["visit", "inquiry"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
/** A stored lead's kind: a form's, or 전화 (a call a consultant wrote down on the desk). */
export type StoredLeadKind = LeadKind | "phone";

export const NAME_MAX = 30;
export const MESSAGE_MAX = 2000;
/** Name of the honeypot field: hidden from people, filled in by naive bots. */
export const HONEYPOT_FIELD = "website";
/** A form sent faster than this after it was shown is a bot's (only measurable with JavaScript). */
export const MIN_FILL_MS = 1500;

export const MESSAGES = {
  nameRequired: "이름을 입력해 주세요.",
  nameTooLong: `이름은 ${NAME_MAX}자 이내로 입력해 주세요.`,
  nameChars: "이름은 한글·영문과 띄어쓰기, 점(.), 하이픈(-), 가운뎃점(·)으로만 입력해 주세요.",
  phoneRequired: "연락처를 입력해 주세요.",
  phoneInvalid: "연락처를 정확히 입력해 주세요. (예: 010-1234-5678)",
  messageTooLong: `문의내용은 ${MESSAGE_MAX.toLocaleString("ko-KR")}자 이내로 입력해 주세요.`,
  controlChars: "입력할 수 없는 문자가 포함되어 있습니다.",
  consentRequired: "개인정보 수집·이용에 동의해 주셔야 등록할 수 있습니다.",
  visitTimeRequired: "방문 희망 시간을 선택해 주세요.",
  visitDateRequired: "방문 희망일을 선택해 주세요.",
  visitSlotInvalid: "방문 희망 일시를 다시 선택해 주세요.",
} as const;

// Control characters other than tab and line breaks, zero-width and bidirectional controls.
const CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u2028-\u202E\u2066-\u2069\uFEFF]/;

/**
 * A name as it is stored and repeated in SMS: NFC, one kind of space and middle dot, single spaces.
 * Only Hangul and Latin letters, spaces, ".", "-" and "·" pass NAME_CHARS, so a name can never
 * carry a line break, a URL, digits or a bidirectional control into a text message.
 */
export function normalizeName(input: string): string {
  return input
    .normalize("NFC")
    .replace(/[\u00A0\u3000]/g, " ")
    .replace(/[\u2027\u2219\u22C5\u30FB\uFF65]/g, "·")
    .replace(/ {2,}/g, " ")
    .trim();
}
// (?=\p{L}) keeps the two scripts' letters and leaves out their symbols and digits.
const NAME_CHARS = /^(?:(?=\p{L})[\p{Script=Hangul}\p{Script=Latin}]|[ .\-·])+$/u;
const HAS_LETTER = /\p{L}/u;

const noControl = (s: string) => !CONTROL.test(s);

/** A checkbox is ticked only when the browser sent its value "on"; anything else is not consent. */
const checkbox = z.unknown().transform((v) => v === "on" || v === true);

const ISO_DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const CLOCK = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/;
const optionalText = z
  .unknown()
  .transform((v) => (typeof v === "string" ? v.trim() : ""))
  .pipe(z.string().max(20, MESSAGES.visitSlotInvalid));

export const leadFormSchema = z.object({
  kind: z.enum(LEAD_KINDS).default("inquiry"),
  name: z
    .string({ error: MESSAGES.nameRequired })
    .transform(normalizeName)
    .pipe(
      z
        .string()
        .min(1, MESSAGES.nameRequired)
        // abort: a name far over the limit is never run through the pattern (a 10 MB name overflowed its stack).
        .max(NAME_MAX, { message: MESSAGES.nameTooLong, abort: true })
        .refine((v) => NAME_CHARS.test(v) && HAS_LETTER.test(v), MESSAGES.nameChars),
    ),
  phone: z
    .string({ error: MESSAGES.phoneRequired })
    .trim()
    .min(1, MESSAGES.phoneRequired)
    .refine(noControl, MESSAGES.controlChars)
    .transform((v, ctx) => {
      const phone = normalizePhone(v);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: MESSAGES.phoneInvalid });
        return z.NEVER;
      }
      return phone;
    }),
  message: z
    .string()
    .optional()
    .transform((v) => (v ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(
      z.string().max(MESSAGE_MAX, MESSAGES.messageTooLong).refine(noControl, MESSAGES.controlChars),
    ),
  privacyConsent: checkbox.refine((v) => v, MESSAGES.consentRequired),
  smsConsent: checkbox,
  /** "방문 희망 일시" (visit forms only, optional): a date (YYYY-MM-DD) and a slot time (HH:MM), Korean time. */
  visitDate: optionalText,
  visitTime: optionalText,
});

export type LeadFormInput = z.input<typeof leadFormSchema>;
/** A checked lead. `visitSlot` is the chosen slot as "YYYY-MM-DDTHH:MM" in Korean time, or null. */
export type LeadForm = Omit<z.output<typeof leadFormSchema>, "visitDate" | "visitTime"> & {
  visitSlot: string | null;
};
export type LeadFieldErrors = Partial<Record<keyof LeadForm, string>>;

/**
 * The visit slot from its two fields: both empty is no slot; one without the other, or a value that
 * is not a date and a clock time, is a message. Whether the slot is open is the server's business.
 */
function visitSlotOf(date: string, time: string): { slot: string | null } | { error: string } {
  if (!date && !time) return { slot: null };
  if (!date) return { error: MESSAGES.visitDateRequired };
  if (!time) return { error: MESSAGES.visitTimeRequired };
  if (!ISO_DATE.test(date) || !CLOCK.test(time)) return { error: MESSAGES.visitSlotInvalid };
  return { slot: `${date}T${time}` };
}

/** Validates a submitted form; each bad field gets its first Korean message. */
export function parseLeadForm(
  values: Record<string, unknown>,
): { ok: true; data: LeadForm } | { ok: false; errors: LeadFieldErrors } {
  const result = leadFormSchema.safeParse(values);
  const errors: LeadFieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      let key = issue.path[0] as string | undefined;
      if (key === "visitDate" || key === "visitTime") key = "visitSlot";
      if (key && !errors[key as keyof LeadForm]) errors[key as keyof LeadForm] = issue.message;
    }
  }
  const slot = visitSlotOf(
    result.data?.visitDate ?? String(values.visitDate ?? "").trim(),
    result.data?.visitTime ?? String(values.visitTime ?? "").trim(),
  );
  if ("error" in slot && !errors.visitSlot) errors.visitSlot = slot.error;
  if (!result.success || "error" in slot) return { ok: false, errors };
  const { kind, name, phone, message, privacyConsent, smsConsent } = result.data;
  return {
    ok: true,
    data: { kind, name, phone, message, privacyConsent, smsConsent, visitSlot: slot.slot },
  };
}

// The result messages live with the outcome types, without zod, for the page's script.
export { RESULT_MESSAGES } from "./lead-result";
