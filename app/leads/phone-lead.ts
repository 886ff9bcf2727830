import { z } from "~/lib/zod";
import { leadFormSchema } from "./lead-form";

/*
 * 전화 접수 (issue 42, item 2): the form a consultant fills in on the desk while a caller is on the
 * line, shared by the page and the server. The caller's name, phone and memo follow the lead form's
 * rules; the number dialled is one of the complex's (dialledNumbers, app/lib/source-phone.ts), sent
 * as its source ("" for 대표번호).
 */

const PHONE_LEAD_MESSAGES = {
  dialledRequired: "걸려 온 번호를 선택해 주세요.",
  consentRequired: "전화로 개인정보 수집·이용 동의를 받아야 접수할 수 있습니다.",
  unitTypeUnknown: "이 단지의 평형 중에서 선택해 주세요.",
} as const;

/** The value of 대표번호 in the form's choice of dialled number. */
export const MAIN_NUMBER = "main";

const checkbox = z.unknown().transform((v) => v === "on" || v === true);

const phoneLeadSchema = leadFormSchema.pick({ name: true, phone: true, message: true }).extend({
  dialled: z
    .string({ error: PHONE_LEAD_MESSAGES.dialledRequired })
    .trim()
    .min(1, PHONE_LEAD_MESSAGES.dialledRequired),
  unitType: z
    .unknown()
    .transform((v) => (typeof v === "string" ? v.trim() : ""))
    .pipe(z.string().max(20, PHONE_LEAD_MESSAGES.unitTypeUnknown)),
  privacyConsent: checkbox.refine((v) => v, PHONE_LEAD_MESSAGES.consentRequired),
  smsConsent: checkbox,
});

export type PhoneLeadForm = z.output<typeof phoneLeadSchema>;

export type PhoneLeadErrors = Partial<Record<keyof PhoneLeadForm, string>>;

/**
 * Checks a 전화 접수 against the complex's numbers and unit types (`dialled`: the values the form
 * offers; `unitTypes`: the labels); each bad field gets its first Korean message.
 */
export function parsePhoneLead(
  values: Record<string, unknown>,
  allowed: { dialled: readonly string[]; unitTypes: readonly string[] },
): { ok: true; data: PhoneLeadForm } | { ok: false; errors: PhoneLeadErrors } {
  const result = phoneLeadSchema.safeParse(values);
  const errors: PhoneLeadErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path[0] as keyof PhoneLeadForm | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  const raw = (name: string) => (typeof values[name] === "string" ? values[name].trim() : "");
  if (!errors.dialled && !allowed.dialled.includes(raw("dialled")))
    errors.dialled = PHONE_LEAD_MESSAGES.dialledRequired;
  if (!errors.unitType && raw("unitType") && !allowed.unitTypes.includes(raw("unitType")))
    errors.unitType = PHONE_LEAD_MESSAGES.unitTypeUnknown;
  return result.success && Object.keys(errors).length === 0
    ? { ok: true, data: result.data }
    : { ok: false, errors };
}
