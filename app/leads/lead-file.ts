/*
 * 리드 파일 (issue 42): a file of leads from Kakao 비즈니스폼+, 당근 비즈니스 or a DB vendor, read
 * through the columns a person picked (or the ones its header names) into one lead per phone, the
 * rows refused with their line and reason, and each lead's consent: given only when the file says,
 * per row or for the whole file, when and where it was given. Pure: the server side is
 * ./lead-file.server.ts.
 */
import { z } from "zod";
import { kstInstant } from "~/lib/korean-time";
import { normalizePhone } from "~/lib/phone";
import { normalise, type TableRow } from "~/tables/header";

/** The columns a lead file can have, in the order the page lists them. */
export const LEAD_FILE_FIELDS = [
  "name",
  "phone",
  "area",
  "memo",
  "receivedAt",
  "consent",
  "consentAt",
  "consentWhere",
  "source",
  "campaign",
] as const;
export type LeadFileField = (typeof LEAD_FILE_FIELDS)[number];

export const LEAD_FILE_FIELD_LABEL: Record<LeadFileField, string> = {
  name: "이름",
  phone: "연락처",
  area: "관심 평형",
  memo: "메모",
  receivedAt: "접수일시",
  consent: "동의 여부",
  consentAt: "동의 일시",
  consentWhere: "동의 경로",
  source: "유입 경로",
  campaign: "캠페인",
};

/** What the page answers about a lead file, in Korean. */
export const LEAD_FILE_MESSAGES = {
  gone: "올린 파일이 없거나 24시간이 지나 지워졌습니다. 파일을 다시 올려 주세요.",
  changed: "미리 보기 뒤에 내용이 바뀌었습니다. 새 미리 보기를 확인하고 다시 저장해 주세요.",
  noSource: "이 파일의 유입 경로(utm_source)를 적어 주세요.",
  badSource:
    "유입 경로에 쓸 수 없는 글자가 있습니다. 100자 이내의 글자, 숫자와 _ . - 같은 기호로 적어 주세요.",
  consentHalf: "파일 전체의 동의는 동의 일시와 동의 경로를 함께 적어 주세요.",
  consentAt: "동의 일시를 날짜로 읽지 못했습니다. 예: 2026-03-01 14:00",
  sameFile: "이 파일은 이미 가져왔습니다. 같은 파일은 다시 저장하지 않습니다.",
  nothing: "저장할 고객이 없습니다.",
  noMapping: "이름과 연락처 열을 골라 주세요.",
  undoGone: "되돌릴 파일을 찾지 못했습니다. 이미 되돌렸는지 목록을 확인해 주세요.",
  undoWorked: (n: number) =>
    `이 파일로 만든 고객 중 ${n.toLocaleString("ko-KR")}명은 상담원이 손댄 기록(통화, 메모, 상태, 배정)이 있어 되돌리지 않았습니다. 아무것도 지우지 않았습니다.`,
} as const;

/** Which column (0-based) holds each field; name and phone are required. */
export const leadMappingSchema = z.object({
  name: z.number().int().min(0),
  phone: z.number().int().min(0),
  area: z.number().int().min(0).optional(),
  memo: z.number().int().min(0).optional(),
  receivedAt: z.number().int().min(0).optional(),
  consent: z.number().int().min(0).optional(),
  consentAt: z.number().int().min(0).optional(),
  consentWhere: z.number().int().min(0).optional(),
  source: z.number().int().min(0).optional(),
  campaign: z.number().int().min(0).optional(),
});
export type LeadMapping = z.infer<typeof leadMappingSchema>;

/** Header titles each field is recognised by (compared without spaces or case). */
const TITLES: Record<LeadFileField, string[]> = {
  name: ["이름", "성명", "고객명", "성함", "name", "full_name", "신청자"],
  phone: [
    "연락처",
    "전화번호",
    "휴대폰",
    "휴대폰번호",
    "핸드폰",
    "휴대전화",
    "phone",
    "phone_number",
    "전화",
  ],
  area: ["관심평형", "관심 평형", "평형", "관심타입", "희망평형", "타입"],
  memo: ["메모", "문의내용", "문의", "남기실말씀", "비고", "요청사항", "memo"],
  receivedAt: [
    "접수일시",
    "신청일시",
    "응답일시",
    "제출일시",
    "등록일시",
    "접수일",
    "created_time",
  ],
  consent: ["동의여부", "개인정보동의", "개인정보수집동의", "마케팅동의", "수신동의", "동의"],
  consentAt: ["동의일시", "동의일", "동의시각"],
  consentWhere: ["동의경로", "동의장소", "동의방법"],
  source: ["source", "utm_source", "매체"],
  campaign: ["campaign", "utm_campaign", "캠페인"],
};

/** The columns a header's titles name, when it names at least 이름 and 연락처. */
export function proposeMapping(header: readonly string[]): Partial<LeadMapping> {
  const cells = header.map(normalise);
  const proposed: Partial<LeadMapping> = {};
  const taken = new Set<number>();
  for (const field of LEAD_FILE_FIELDS) {
    for (const title of TITLES[field]) {
      const at = cells.findIndex((c, i) => c === normalise(title) && !taken.has(i));
      if (at >= 0) {
        proposed[field] = at;
        taken.add(at);
        break;
      }
    }
  }
  return proposed;
}

/** The first row with text is the header. */
export const headerOf = (rows: readonly TableRow[]) => rows[0]?.cells ?? [];

/** What the form says of the whole file's consent. */
export type FileConsent = { at: string | null; where: string | null };

/** One lead of the file: its first line, and how many lines of the file had its phone. */
export type FileLead = {
  line: number;
  name: string;
  phone: string;
  message: string;
  /** ISO UTC, or null: the import's time. */
  receivedAt: string | null;
  /** Consent given, as the file says: when (ISO UTC) and where; null: 동의 미확인. */
  consent: { at: string; where: string } | null;
  source: string | null;
  campaign: string | null;
};

export type RefusedRow = { line: number; reason: string };

export type ReadLeads = {
  leads: FileLead[];
  refused: RefusedRow[];
  /** Lines folded into an earlier line with the same phone. */
  duplicates: number;
  /** Lines below the header. */
  rows: number;
};

const YES = new Set(["y", "yes", "예", "네", "동의", "동의함", "o", "○", "true", "1", "v", "✓"]);

/**
 * A date and time as Korean forms and Excel write them ("2026-03-01 14:05", "2026.3.1",
 * "2026/03/01 오후 2:05:10", "2026년 3월 1일"), taken as Korean time: ISO UTC, or null.
 */
export function parseKoreanDateTime(text: string): string | null {
  const m =
    /^(\d{4})\s*[-./년]\s*(\d{1,2})\s*[-./월]\s*(\d{1,2})(?:\s*일)?\.?(?:[\sT]+(오전|오후|AM|PM)?\s*(\d{1,2}):(\d{2})(?::(\d{2}))?)?/i.exec(
      text.trim(),
    );
  if (!m) return null;
  const [, y, mo, d, half, h, mi, s] = m;
  const month = Number(mo);
  const day = Number(d);
  let hour = h === undefined ? 0 : Number(h);
  if (half && /오후|pm/i.test(half) && hour < 12) hour += 12;
  if (half && /오전|am/i.test(half) && hour === 12) hour = 0;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || Number(mi ?? 0) > 59)
    return null;
  const pad = (n: number | string) => String(n).padStart(2, "0");
  const date = `${y}-${pad(month)}-${pad(day)}`;
  const at = kstInstant(date, `${pad(hour)}:${pad(mi ?? 0)}`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 7) < "2000-01") return null;
  return new Date(at.getTime() + Number(s ?? 0) * 1000).toISOString();
}

const NAME_MAX = 100;
const TEXT_MAX = 2000;

/**
 * The file's leads through `mapping`: one per phone (its first line; later lines of the same phone
 * are counted as duplicates), the lines refused with why, each lead's consent (the row's 동의 여부,
 * when that column is picked, and a when and a where, from the row or else from `fileConsent`).
 */
export function readLeadRows(
  rows: readonly TableRow[],
  mapping: LeadMapping,
  fileConsent: FileConsent,
): ReadLeads {
  const body = rows.slice(1);
  const leads: FileLead[] = [];
  const refused: RefusedRow[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  const cell = (cells: readonly string[], at: number | undefined) =>
    at === undefined ? "" : (cells[at] ?? "").trim();
  for (const { line, cells } of body) {
    const name = cell(cells, mapping.name);
    const rawPhone = cell(cells, mapping.phone);
    if (!rawPhone) {
      refused.push({ line, reason: "연락처가 비어 있습니다." });
      continue;
    }
    const phone = normalizePhone(rawPhone);
    if (!phone) {
      refused.push({ line, reason: `연락처 「${rawPhone.slice(0, 30)}」을(를) 읽지 못했습니다.` });
      continue;
    }
    if (!name) {
      refused.push({ line, reason: "이름이 비어 있습니다." });
      continue;
    }
    const rawReceived = cell(cells, mapping.receivedAt);
    const receivedAt = rawReceived ? parseKoreanDateTime(rawReceived) : null;
    if (rawReceived && !receivedAt) {
      refused.push({
        line,
        reason: `접수일시 「${rawReceived.slice(0, 30)}」을(를) 날짜로 읽지 못했습니다.`,
      });
      continue;
    }
    if (seen.has(phone)) {
      duplicates++;
      continue;
    }
    seen.add(phone);
    const said = mapping.consent === undefined || YES.has(normalise(cell(cells, mapping.consent)));
    const at = parseKoreanDateTime(cell(cells, mapping.consentAt)) ?? fileConsent.at;
    const where = cell(cells, mapping.consentWhere) || fileConsent.where;
    const area = cell(cells, mapping.area);
    const memo = cell(cells, mapping.memo);
    leads.push({
      line,
      name: name.slice(0, NAME_MAX),
      phone,
      message: [area && `관심 평형: ${area}`, memo].filter(Boolean).join("\n").slice(0, TEXT_MAX),
      receivedAt,
      consent: said && at && where ? { at, where: where.slice(0, 200) } : null,
      source: cell(cells, mapping.source) || null,
      campaign: cell(cells, mapping.campaign).slice(0, 200) || null,
    });
  }
  return { leads, refused, duplicates, rows: body.length };
}
