import type { LeadFieldErrors, LeadKind } from "./lead-form";

/*
 * What a lead form's sending comes to, and the catalogue's messages for it (specification section
 * 8). Plain data without zod: the server's action and the page's script (app/enhance/lead-form.ts)
 * both read it.
 */

/** "popup": the registration popup and /register; "inquiry": the customer page and the home form. */
export type LeadVariant = "popup" | "inquiry";

export type LeadOutcome = "success" | "failed" | "rateLimited" | "network";

/** What the visitor typed, sent back so a refused form keeps the input. */
export type LeadValues = {
  name: string;
  phone: string;
  message: string;
  privacyConsent: boolean;
  smsConsent: boolean;
  /** The visit slot's two fields (visit forms): "YYYY-MM-DD" and "HH:MM", or "". */
  visitDate: string;
  visitTime: string;
};

/** The answer of a lead action (as page data without JavaScript, as JSON to the page's script). */
export type LeadActionData =
  /** `visit`: the booked slot as the visitor reads it, "11월 23일(월) 14:00". */
  /**
   * `conversion`: a registration stored now (never a duplicate or an ignored one), for the ad tags'
   * lead events (app/enhance/tracking.ts): the lead's id and whether a visit was booked.
   */
  | {
      ok: true;
      result: "success";
      message: string;
      visit?: string;
      conversion?: { id: string; booked: boolean };
    }
  | { ok: false; result: "invalid"; errors: LeadFieldErrors; values: LeadValues }
  | { ok: false; result: Exclude<LeadOutcome, "success">; message: string; values?: LeadValues };

/** The catalogue's result messages. */
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

/** Catalogue message for an outcome in a form variant. */
export function resultMessage(variant: LeadVariant, outcome: LeadOutcome): string {
  if (outcome === "rateLimited") return RESULT_MESSAGES.rateLimited;
  return RESULT_MESSAGES[variant][outcome === "success" ? "success" : outcome];
}

/** The JSON twin of the lead actions (app/routes/endpoints/api.leads.ts), where the page's script sends a form. */
const LEADS_API_PATH = "/api/leads";

/** Where the page's script sends a form of this kind and variant. */
export function leadsApiPath(kind: LeadKind, variant: LeadVariant): string {
  return `${LEADS_API_PATH}?kind=${kind}&variant=${variant}`;
}
