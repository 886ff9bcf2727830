import { z } from "zod";

/*
 * The lead forms' rules, shared by the browser (instant feedback) and the server (which decides).
 * Three forms use them: the registration popup ("visit"), the customer-page inquiry and the
 * home page's inline visit form ("inquiry").
 */

export const LEAD_KINDS = ["visit", "inquiry"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const NAME_MAX = 30;
export const MESSAGE_MAX = 2000;
/** Name of the honeypot field: hidden from people, filled in by naive bots. */
export const HONEYPOT_FIELD = "website";
/** A form sent faster than this after it was shown is a bot's (only measurable with JavaScript). */
export const MIN_FILL_MS = 1500;

export const MESSAGES = {
  nameRequired: "이름을 입력해 주세요.",
  nameTooLong: `이름은 ${NAME_MAX}자 이내로 입력해 주세요.`,
  phoneRequired: "연락처를 입력해 주세요.",
  phoneInvalid: "연락처를 정확히 입력해 주세요. (예: 010-1234-5678)",
  messageTooLong: `문의내용은 ${MESSAGE_MAX.toLocaleString("ko-KR")}자 이내로 입력해 주세요.`,
  controlChars: "입력할 수 없는 문자가 포함되어 있습니다.",
  consentRequired: "개인정보 수집·이용에 동의해 주셔야 등록할 수 있습니다.",
} as const;

// Control characters other than tab and line breaks.
const CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u2028\u2029\uFEFF]/;

/**
 * A Korean phone number in its hyphenated form, or null: mobile (010, 011, 016–019), Seoul 02,
 * regional 031–064, internet 070 and 050X, and 15XX/16XX/18XX representative numbers.
 */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/[\s\-().]/g, "").replace(/^\+?82/, "0");
  if (!/^[0-9]+$/.test(digits)) return null;
  let m: RegExpExecArray | null;
  if ((m = /^(01[016789])([0-9]{3,4})([0-9]{4})$/.exec(digits))) return `${m[1]}-${m[2]}-${m[3]}`;
  if ((m = /^(02)([0-9]{3,4})([0-9]{4})$/.exec(digits))) return `${m[1]}-${m[2]}-${m[3]}`;
  if ((m = /^(0[3-6][1-5]|070|050[0-9])([0-9]{3,4})([0-9]{4})$/.exec(digits)))
    return `${m[1]}-${m[2]}-${m[3]}`;
  if ((m = /^(1[568][0-9]{2})([0-9]{4})$/.exec(digits))) return `${m[1]}-${m[2]}`;
  return null;
}

const noControl = (s: string) => !CONTROL.test(s);

const checkbox = z
  .union([
    z.literal("on"),
    z.literal("true"),
    z.literal(true),
    z.literal(""),
    z.undefined(),
    z.null(),
    z.literal(false),
  ])
  .transform((v) => v === "on" || v === "true" || v === true);

export const leadFormSchema = z.object({
  kind: z.enum(LEAD_KINDS).default("inquiry"),
  name: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, MESSAGES.nameRequired)
    .max(NAME_MAX, MESSAGES.nameTooLong)
    .refine(noControl, MESSAGES.controlChars),
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
});

export type LeadFormInput = z.input<typeof leadFormSchema>;
export type LeadForm = z.output<typeof leadFormSchema>;
export type LeadFieldErrors = Partial<Record<keyof LeadForm, string>>;

/** Validates a submitted form; each bad field gets its first Korean message. */
export function parseLeadForm(
  values: Record<string, unknown>,
): { ok: true; data: LeadForm } | { ok: false; errors: LeadFieldErrors } {
  const result = leadFormSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: LeadFieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof LeadForm | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/** The catalogue's result messages (specification section 8). */
export const RESULT_MESSAGES = {
  popup: {
    success: "등록이 완료되었습니다. 전문 상담사가 곧 연락드리겠습니다.",
    failed: "등록에 실패했습니다. 다시 시도해 주세요.",
    network: "오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
  },
  inquiry: {
    success: "✔ 등록이 완료되었습니다. 전문 상담사가 곧 연락드리겠습니다.",
    failed: "✖ 등록에 실패했습니다. 다시 시도해 주세요.",
    network: "⚠ 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
  },
  rateLimited: "요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.",
} as const;
