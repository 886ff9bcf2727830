/*
 * What each result cost (issue 41, 채널 성과's 비용과 단가): the figures of a source or campaign over
 * a period, what its ads cost, and the unit costs made from them. Pure: shared by the page, the CSV
 * (cost-results.server.ts) and the weekly report, so all three write the same words and numbers.
 */
/** 유효 DB, as shown beside the figure (its one SQL definition: VALID_CARD, app/crm/funnel.server.ts). */
export const VALID_DB_NOTE =
  "유효 DB는 기간에 접수한 고객(고객 카드) 중 무효(결번·허위·중복)로 바꾸지 않은 고객 수입니다.";

/** A unit cost without a divisor (no 접수, no 방문…), or a figure not counted per campaign. */
export const NO_FIGURE = "—";
/** The cost of a line with results but no cost (none imported or entered, or 0 won). */
export const NO_COST = "비용 없음";

/** A line's figures over the period: what it cost and what it brought. */
export type CostFigures = {
  /** Whole won, VAT included: imported ad costs plus the manual ones (0 when none). */
  costWon: number;
  /** From the cost files; null when no file of the line gave the figure. */
  impressions: number | null;
  clicks: number | null;
  /** Landings and phone taps (channel_counts): per source only, null per campaign. */
  landings: number | null;
  telTaps: number | null;
  /** 접수 (DB): the leads of the period. */
  leads: number;
  /** Their people (customer cards). */
  people: number;
  /** 유효 DB: of those people, the ones whose card is not 무효 (VALID_DB_NOTE). */
  validLeads: number;
  /** Of those people, the ones that reached 방문 예약, 방문 완료, 계약 (whenever). */
  booked: number;
  visited: number;
  contracted: number;
};

/** A line: a complex's source, or (per campaign) a source's campaign ("" without one). */
export type CostResultRow = CostFigures & { siteId: string; source: string; campaign?: string };

export type CostResults = {
  by: CostResultsBy;
  rows: CostResultRow[];
  /** Every line together; the people counted once each. */
  total: CostFigures;
};

export type CostResultsBy = "source" | "campaign";

export type UnitCosts = {
  /** 비용 ÷ 접수. */
  cpl: number | null;
  /** 비용 ÷ 유효 DB. */
  validCost: number | null;
  /** 비용 ÷ 방문 완료. */
  visitCost: number | null;
  /** 비용 ÷ 계약. */
  contractCost: number | null;
};

/** Won per result, rounded to the won; null without a cost or without a result (never ÷ 0). */
function per(costWon: number, results: number): number | null {
  return costWon > 0 && results > 0 ? Math.round(costWon / results) : null;
}

/** The unit costs of a line (null: shown NO_FIGURE). */
export function unitCosts(
  f: Pick<CostFigures, "costWon" | "leads" | "validLeads" | "visited" | "contracted">,
): UnitCosts {
  return {
    cpl: per(f.costWon, f.leads),
    validCost: per(f.costWon, f.validLeads),
    visitCost: per(f.costWon, f.visited),
    contractCost: per(f.costWon, f.contracted),
  };
}

/** A count as read: "1,234"; NO_FIGURE for null. */
export function formatCount(n: number | null): string {
  return n === null ? NO_FIGURE : n.toLocaleString("ko-KR");
}

/** Won as read: "12,345원"; NO_FIGURE for null. */
export function formatWon(n: number | null): string {
  return n === null ? NO_FIGURE : `${n.toLocaleString("ko-KR")}원`;
}

/** A line's cost as read: NO_COST when it has none, "—" when it has neither cost nor results. */
export function formatCost(f: Pick<CostFigures, "costWon">): string {
  return f.costWon > 0 ? formatWon(f.costWon) : NO_COST;
}

/** The change from the period before, in words and arrow (not color alone). */
export type Change = { text: string; label: string; direction: "up" | "down" | "same" | "none" };

/**
 * The change of a figure from the period before: "▲ 12%", "▼ 8%", "변동 없음"; NO_FIGURE when either
 * is unknown or the period before had 0 (no base). `label`: the same for a screen reader.
 */
export function change(current: number | null, before: number | null): Change {
  if (current === null || before === null || before === 0)
    return { text: NO_FIGURE, label: "지난 기간과 비교할 수 없음", direction: "none" };
  const pct = Math.round(((current - before) * 100) / before);
  if (pct === 0) return { text: "변동 없음", label: "지난 기간과 같음", direction: "same" };
  return pct > 0
    ? { text: `▲ ${pct}%`, label: `지난 기간보다 ${pct}% 증가`, direction: "up" }
    : { text: `▼ ${-pct}%`, label: `지난 기간보다 ${-pct}% 감소`, direction: "down" };
}

/** A column of the cost table (page and CSV). `value`: a number to sort by, null when none. */
export type CostColumn = {
  key: CostColumnKey;
  label: string;
  value: (f: CostFigures) => number | null;
  /** As the page and the CSV write it. */
  text: (f: CostFigures) => string;
  won: boolean;
};

const count = (key: keyof CostFigures, label: string) => ({
  key,
  label,
  value: (f: CostFigures) => f[key],
  text: (f: CostFigures) => formatCount(f[key]),
  won: false,
});
const unit = (key: keyof UnitCosts, label: string) => ({
  key,
  label,
  value: (f: CostFigures) => unitCosts(f)[key],
  text: (f: CostFigures) => formatWon(unitCosts(f)[key]),
  won: true,
});

/** The columns in order: 비용, the figures, then the unit costs. */
export const COST_COLUMNS = [
  { key: "costWon", label: "비용", value: (f) => f.costWon, text: formatCost, won: true },
  count("impressions", "노출"),
  count("clicks", "클릭"),
  count("landings", "유입"),
  count("telTaps", "전화 탭"),
  count("leads", "접수 (DB)"),
  count("validLeads", "유효 DB"),
  count("booked", "방문 예약"),
  count("visited", "방문 완료"),
  count("contracted", "계약"),
  unit("cpl", "CPL"),
  unit("validCost", "유효 DB 단가"),
  unit("visitCost", "방문 단가"),
  unit("contractCost", "계약 단가"),
] as const satisfies readonly CostColumn[];

type CostColumnKey = keyof CostFigures | keyof UnitCosts;

/** A column's key from the address (?sort=), or null. */
export function costColumn(key: string | null): CostColumn | null {
  return COST_COLUMNS.find((c) => c.key === key) ?? null;
}

/**
 * The lines sorted by a column, largest first (`asc`: smallest first); lines without the figure
 * last, then the given order.
 */
export function sortCostRows<T extends CostFigures>(
  rows: readonly T[],
  column: CostColumn,
  asc = false,
): T[] {
  return rows
    .map((row, i) => ({ row, i, v: column.value(row) }))
    .sort(
      (a, b) =>
        Number(a.v === null) - Number(b.v === null) ||
        (a.v === null || b.v === null ? 0 : asc ? a.v - b.v : b.v - a.v) ||
        a.i - b.i,
    )
    .map((x) => x.row);
}

/** The campaign of a line as read ("" → 캠페인 없음). */
export function campaignLabel(campaign: string): string {
  return campaign === "" ? "캠페인 없음" : campaign;
}

/** The CSV cell of a figure: the number (won without unit), an empty cell for NO_FIGURE. */
export function costCell(column: CostColumn, f: CostFigures): string {
  const v = column.value(f);
  return v === null ? "" : String(v);
}
