/*
 * Costs that are not in an ad platform's file (issue 41), shared by the console's page
 * (routes/admin/crm/manual-costs.tsx) and the server (manual-costs.server.ts): the media, the form's
 * rules and Korean messages, and how a flat fee is spread over its days.
 */
import { z } from "zod";
import { addDays, channelSource, NO_SOURCE, OTHER_SOURCES, rangeDays } from "~/channels/channels";

/** What was paid for: a flat-fee medium (an amount over a period), or bought DB (a price per lead). */
export const MANUAL_MEDIA = [
  { key: "banner", label: "현수막", kind: "flat" },
  { key: "newspaper", label: "신문", kind: "flat" },
  { key: "flyer", label: "전단", kind: "flat" },
  { key: "sms-agency", label: "문자 발송 대행", kind: "flat" },
  { key: "other", label: "기타 정액 매체", kind: "flat" },
  { key: "bought-db", label: "분양 DB 구매", kind: "bought_db" },
] as const;

export type ManualMedium = (typeof MANUAL_MEDIA)[number]["key"];
export type ManualKind = (typeof MANUAL_MEDIA)[number]["kind"];

export const mediumOf = (key: string) => MANUAL_MEDIA.find((m) => m.key === key);

/** The longest period one entry covers (a flat fee is spread over at most this many days). */
const MAX_ENTRY_DAYS = 366;
/** The largest amount one entry holds (won): far below either engine's integer. */
const MAX_WON = 10_000_000_000;
export const NOTE_MAX = 200;

const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const isDay = (v: string) =>
  DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && addDays(v, 0) === v;

/** The form's fields as typed (kept and shown again when refused). */
export type ManualCostValues = {
  medium: string;
  source: string;
  campaign: string;
  firstDay: string;
  lastDay: string;
  amount: string;
  note: string;
};

/** An entry as the server keeps it. */
export type ManualCostInput = {
  medium: ManualMedium;
  kind: ManualKind;
  /** As channel_counts keys it (lower-case). */
  source: string;
  campaign: string;
  firstDay: string;
  lastDay: string;
  amountWon: number;
  note: string;
};

export const MANUAL_COST_MESSAGES = {
  medium: "매체를 고르세요.",
  source: "유입 경로(utm_source)를 적으세요. 예: banner, newspaper, db_agency",
  firstDay: "시작일을 YYYY-MM-DD로 적으세요.",
  lastDay: "종료일을 YYYY-MM-DD로 적으세요.",
  order: "종료일은 시작일과 같거나 그 뒤여야 합니다.",
  tooLong: `한 번에 ${MAX_ENTRY_DAYS}일까지 적을 수 있습니다. 기간을 나눠 적으세요.`,
  amount: "금액을 원 단위 숫자로 적으세요. 예: 1,500,000",
  amountMax: "금액이 너무 큽니다. 100억 원 미만으로 적으세요.",
  note: `메모는 ${NOTE_MAX}자까지 적을 수 있습니다.`,
  campaign: "캠페인은 100자까지 적을 수 있습니다.",
  created: "비용을 추가했습니다.",
  updated: "비용을 고쳤습니다.",
  deleted: "비용을 삭제했습니다.",
  missing: "이 비용을 찾을 수 없습니다. 이미 삭제되었을 수 있습니다.",
} as const;

const amountWon = (v: string) => {
  const digits = v.replace(/[,\s원]/g, "");
  return /^[0-9]+$/.test(digits) ? Number(digits) : NaN;
};

/** The form's rules: each field's Korean message beside it. */
const schema = z
  .object({
    medium: z.string().refine((v) => mediumOf(v) !== undefined, MANUAL_COST_MESSAGES.medium),
    source: z
      .string()
      .trim()
      .refine((v) => {
        const key = channelSource(v);
        return key !== NO_SOURCE && key !== OTHER_SOURCES;
      }, MANUAL_COST_MESSAGES.source),
    campaign: z.string().trim().max(100, MANUAL_COST_MESSAGES.campaign),
    firstDay: z.string().trim().refine(isDay, MANUAL_COST_MESSAGES.firstDay),
    lastDay: z.string().trim().refine(isDay, MANUAL_COST_MESSAGES.lastDay),
    amount: z
      .string()
      .refine((v) => Number.isSafeInteger(amountWon(v)), MANUAL_COST_MESSAGES.amount)
      .refine((v) => !(amountWon(v) >= MAX_WON), MANUAL_COST_MESSAGES.amountMax),
    note: z.string().trim().max(NOTE_MAX, MANUAL_COST_MESSAGES.note),
  })
  .superRefine((v, ctx) => {
    if (!isDay(v.firstDay) || !isDay(v.lastDay)) return;
    if (v.lastDay < v.firstDay)
      ctx.addIssue({ code: "custom", path: ["lastDay"], message: MANUAL_COST_MESSAGES.order });
    else if (rangeDays({ from: v.firstDay, to: v.lastDay }) > MAX_ENTRY_DAYS)
      ctx.addIssue({ code: "custom", path: ["lastDay"], message: MANUAL_COST_MESSAGES.tooLong });
  });

export type ManualCostErrors = Partial<Record<keyof ManualCostValues, string>>;

/** The form checked: the entry, or each refused field's message. */
export function checkManualCost(
  values: ManualCostValues,
): { ok: true; data: ManualCostInput } | { ok: false; errors: ManualCostErrors } {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const errors: ManualCostErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof ManualCostValues;
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const v = parsed.data;
  const medium = mediumOf(v.medium)!;
  return {
    ok: true,
    data: {
      medium: medium.key,
      kind: medium.kind,
      source: channelSource(v.source),
      campaign: v.campaign,
      firstDay: v.firstDay,
      lastDay: v.lastDay,
      amountWon: amountWon(v.amount),
      note: v.note,
    },
  };
}

/**
 * A flat fee's share of each of its days, in whole won: the amount divided evenly, the remainder
 * on the last day, so the days add up to the amount exactly. `day` → won.
 */
export function spreadFlatFee(
  amountWon: number,
  firstDay: string,
  lastDay: string,
): Map<string, number> {
  const days = rangeDays({ from: firstDay, to: lastDay });
  const each = Math.floor(amountWon / days);
  const spread = new Map<string, number>();
  for (let i = 0; i < days; i++) spread.set(addDays(firstDay, i), each);
  spread.set(lastDay, amountWon - each * (days - 1));
  return spread;
}
