/*
 * The lead desk's vocabulary, shared by the page and the server: statuses, the filters (one list:
 * a new filter is one entry here and its condition in app/crm/lead-desk.server.ts), and how a
 * filter reads in the access log.
 */
import {
  CUSTOMER_STATUS_LABEL,
  CUSTOMER_STATUSES,
  HOOK_SOURCE,
  INTERESTS,
  LEAD_FILE_SOURCE,
  META_SOURCE,
} from "./crm";
import type { StoredLeadKind } from "~/leads/lead-form";
import { ALL_SITES } from "../lib/sites";

/**
 * The registration (the popup, /register, the home page's visit form: kind `visit`) as the desk
 * names its leads: 방문예약 when a visit time was chosen, else 관심고객 등록. The form's title and the
 * buttons opening it use the same words (issue 39, item 8).
 */
export const REGISTRATION_LABELS = { booked: "방문예약", interest: "관심고객 등록" } as const;
/** The registration form's title (popup and /register) and its kind in the desk's filter. */
export const REGISTRATION_TITLE = `${REGISTRATION_LABELS.booked} · ${REGISTRATION_LABELS.interest}`;

const LEAD_KIND_LABEL: Record<StoredLeadKind, string> = {
  visit: REGISTRATION_TITLE,
  inquiry: "상담문의",
  phone: "전화 접수",
};
/** A lead sent by an ad platform or a tool (POST /hooks/leads/<id>) rather than a form. */
const EXTERNAL_LEAD_LABEL = "외부 접수";
const META_LEAD_LABEL = "Meta 리드 광고";

/**
 * How a lead's kind reads on the desk and in the CSV: "방문예약" (a visit time chosen), "관심고객 등록",
 * "상담문의", "전화 접수", "외부 접수", "리드 파일".
 */
export function leadKindLabel(lead: {
  kind: StoredLeadKind;
  source: string;
  visitAt?: string | null;
  visit_at?: string | null;
}): string {
  if (lead.source === HOOK_SOURCE) return EXTERNAL_LEAD_LABEL;
  if (lead.source === META_SOURCE) return META_LEAD_LABEL;
  if (lead.source === LEAD_FILE_SOURCE) return "리드 파일";
  if (lead.kind === "visit")
    return (lead.visitAt ?? lead.visit_at)
      ? REGISTRATION_LABELS.booked
      : REGISTRATION_LABELS.interest;
  return LEAD_KIND_LABEL[lead.kind] ?? lead.kind;
}

/*
 * The messages of a lead (the visitor's confirmation, the staff alerts) as the desk shows them.
 * `status` is the outbox's (waiting, handed to the provider, given up); `state` is the provider's
 * report (Solapi, app/outbox/solapi-reports.server.ts), null for a gateway that reports nothing.
 */
export type DeliveryState = "accepted" | "delivered" | "substituted" | "failed";
export type DeskMessage = {
  purpose: "confirmation" | "promotion" | "staff" | "reminder";
  status: "pending" | "delivered" | "failed";
  type: string | null;
  state: DeliveryState | null;
  code: string | null;
};
export type MessageTone = "waiting" | "ok" | "substituted" | "failed";

/** "접수", "알림톡 도착", "문자로 대체", "실패 (3104)"… and the badge's tone. */
export function messageState(m: DeskMessage): { text: string; tone: MessageTone } {
  if (m.status === "pending") return { text: "발송 대기", tone: "waiting" };
  if (m.status === "failed") return { text: "실패 (발송 불가)", tone: "failed" };
  switch (m.state) {
    case "accepted":
      return { text: "접수", tone: "waiting" };
    case "delivered":
      return { text: m.type === "ATA" ? "알림톡 도착" : "문자 도착", tone: "ok" };
    case "substituted":
      return { text: "문자로 대체", tone: "substituted" };
    case "failed":
      return { text: `실패 (${m.code ?? "?"})`, tone: "failed" };
    default:
      return { text: "발송됨", tone: "ok" };
  }
}

export const MEMO_MAX = 500;
export const DESK_PAGE_SIZE = 50;
const SEARCH_MAX = 50;

type Option = readonly [value: string, label: string];

/*
 * Where a lead came from, as the desk groups it: its utm_source ("utm:naver"); without one, the
 * referring site ("ref:m.search.naver.com"); without either, a direct visit ("direct"). Every lead
 * falls in exactly one group, so the source filter's choices split the list without overlap.
 */
export const DIRECT_SOURCE = "direct";
const SOURCE_VALUE = new RegExp(`^(?:utm:.{1,100}|ref:[a-z0-9.-]{1,253}|${DIRECT_SOURCE})$`, "su");
const SOURCE_DIRECT_LABEL = "직접 방문";

/** How a source filter value reads: "naver", "m.search.naver.com (유입 사이트)", "직접 방문". */
export function sourceLabel(value: string): string {
  if (value.startsWith("utm:")) return value.slice(4);
  if (value.startsWith("ref:")) return `${value.slice(4)} (유입 사이트)`;
  return SOURCE_DIRECT_LABEL;
}

/** The desk's "유입 경로" cell: "naver · cpc · open_day", else the referring site, else 직접 방문. */
export function originText(lead: {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrerHost: string | null;
}): string {
  const utm = [lead.utmSource, lead.utmMedium, lead.utmCampaign].filter(Boolean).join(" · ");
  return utm || lead.referrerHost || SOURCE_DIRECT_LABEL;
}

/** The sources present, for the source filter's select: campaigns, referring sites, direct. */
export type SourceOptions = { utm: string[]; referrers: string[]; direct: boolean };

export type DeskFilterDef =
  | { name: string; label: string; type: "select"; options: readonly Option[] }
  | { name: string; label: string; type: "source" }
  | { name: string; label: string; type: "consultant" }
  | { name: string; label: string; type: "date" }
  | { name: string; label: string; type: "search"; placeholder: string };

/** The desk's filters, in the order they are shown. */
export const DESK_FILTERS = [
  {
    name: "kind",
    label: "구분",
    type: "select",
    options: Object.entries(LEAD_KIND_LABEL),
  },
  {
    name: "status",
    label: "상태",
    type: "select",
    options: CUSTOMER_STATUSES.map((s) => [s, CUSTOMER_STATUS_LABEL[s]] as const),
  },
  { name: "consultant", label: "담당 상담원", type: "consultant" },
  {
    name: "interest",
    label: "관심도",
    type: "select",
    options: INTERESTS.map((i) => [i, i] as const),
  },
  {
    // Cards whose next contact is due by the end of today (Korean time), or already past.
    name: "due",
    label: "연락 예정",
    type: "select",
    options: [
      ["today", "오늘까지 연락"],
      ["overdue", "연락 지연"],
    ],
  },
  { name: "source", label: "유입 경로", type: "source" },
  {
    // Visitors whose confirmation never arrived, to call them (the provider's report, or given up).
    name: "confirmation",
    label: "확인 문자",
    type: "select",
    options: [["failed", "확인 문자 실패"]],
  },
  { name: "from", label: "접수일 (부터)", type: "date" },
  { name: "to", label: "접수일 (까지)", type: "date" },
  { name: "q", label: "이름·연락처 검색", type: "search", placeholder: "예: 홍길동, 01012345678" },
] as const satisfies readonly DeskFilterDef[];

export type DeskFilterName = (typeof DESK_FILTERS)[number]["name"];
/** The filters in effect: only valid values, by name. */
export type DeskFilter = Partial<Record<DeskFilterName, string>>;

const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
/** An account id, or "none" (cards given to nobody). */
const CONSULTANT_VALUE = /^[A-Za-z0-9-]{1,64}$/;
export const NO_CONSULTANT = "none";

/** Reads the filters from the address; an invalid value is dropped (never an error). */
export function parseDeskFilter(params: URLSearchParams): DeskFilter {
  const filter: DeskFilter = {};
  for (const def of DESK_FILTERS as readonly DeskFilterDef[]) {
    const raw = (params.get(def.name) ?? "").trim();
    if (!raw) continue;
    const name = def.name as DeskFilterName;
    if (def.type === "select" && def.options.some(([v]) => v === raw)) filter[name] = raw;
    if (def.type === "date" && DATE.test(raw) && !Number.isNaN(Date.parse(raw))) filter[name] = raw;
    if (def.type === "search") filter[name] = raw.slice(0, SEARCH_MAX);
    if (def.type === "source" && SOURCE_VALUE.test(raw)) filter[name] = raw;
    if (def.type === "consultant" && CONSULTANT_VALUE.test(raw)) filter[name] = raw;
  }
  return filter;
}

/** The filters as a query string (without "?"), for links and the CSV address. */
export function deskFilterQuery(filter: DeskFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const def of DESK_FILTERS) {
    const v = filter[def.name];
    if (v) params.set(def.name, v);
  }
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params.toString();
}

/** The address parameter of the desk's complex, for an administrator of every complex (`*`: all). */
export const DESK_SITE_PARAM = "site";

/** How the desk's complex reads: "모든 단지", or the complex's id. */
export function siteLabel(scope: string): string {
  return scope === ALL_SITES ? "모든 단지" : scope;
}

/** How a filter reads in the access log: "구분=방문예약, 검색=010…". Empty: "전체". */
export function describeDeskFilter(
  filter: DeskFilter,
  /** Consultants' e-mail by account id, to name them. */
  consultants?: ReadonlyMap<string, string>,
): string {
  const parts: string[] = [];
  for (const def of DESK_FILTERS as readonly DeskFilterDef[]) {
    const v = filter[def.name as DeskFilterName];
    if (!v) continue;
    const shown =
      def.type === "select"
        ? (def.options.find(([o]) => o === v)?.[1] ?? v)
        : def.type === "source"
          ? sourceLabel(v)
          : def.type === "consultant"
            ? (consultants?.get(v) ?? (v === NO_CONSULTANT ? "미배정" : v))
            : v;
    parts.push(`${def.label}=${shown}`);
  }
  return parts.length ? parts.join(", ") : "전체";
}
