/*
 * The weekly report as an XLSX workbook (write-excel-file), the same figures as the page: 요약 (the
 * week's totals beside the week before, the best and worst campaigns, next week's booked visits,
 * 잔여 세대), 경로별 and 캠페인별 (a line per source or campaign: this week, the week before, the
 * change). Numbers are number cells (won without unit), a figure without a value an empty cell.
 */
import writeXlsxFile, { type Cell, type SheetData } from "write-excel-file/node";
import { COST_COLUMNS, VALID_DB_NOTE, type CostFigures } from "~/channels/cost-results";
import { formatKoreanDateTime, formatKoreanDay } from "~/lib/korean-time";
import type { WeeklyReport } from "~/reports/weekly.server";
import { lineChanges, NO_BEST_CAMPAIGN, weekLabel, type WeeklyLine } from "~/reports/weekly";
import { formatSlot } from "~/bookings/visit-slots";

const bold = (value: string): Cell => ({ value, fontWeight: "bold" });
const text = (value: string): Cell => ({ value, type: String });
const num = (value: number | null): Cell =>
  value === null ? null : { value, type: Number, format: "#,##0" };

const figureCells = (f: CostFigures | null): Cell[] =>
  COST_COLUMNS.map((c) => (f ? num(c.value(f)) : null));

/** A sheet of lines: the label, this week's figures, the week before's, then the changes in words. */
function linesSheet(first: string, lines: WeeklyLine[]): SheetData {
  return [
    [
      bold(first),
      ...COST_COLUMNS.map((c) => bold(c.label)),
      ...COST_COLUMNS.map((c) => bold(`지난 주 ${c.label}`)),
      ...COST_COLUMNS.map((c) => bold(`${c.label} 변화`)),
    ],
    ...lines.map((l) => {
      const changes = lineChanges(l);
      return [
        text(l.label),
        ...figureCells(l.figures),
        ...figureCells(l.before),
        ...COST_COLUMNS.map((c) => text(changes[c.key]!.text)),
      ];
    }),
  ];
}

function summarySheet(r: WeeklyReport): SheetData {
  const total = r.sources.at(-1)!;
  const changes = lineChanges(total);
  const rows: SheetData = [
    [bold("주간 보고서"), text(r.siteName)],
    [bold("기간"), text(weekLabel(r.week))],
    [bold("비교 기간"), text(weekLabel(r.previous.from))],
    [],
    [bold("항목"), bold("이번 주"), bold("지난 주"), bold("변화")],
    ...COST_COLUMNS.map((c) => [
      text(c.label),
      num(c.value(total.figures)),
      num(total.before ? c.value(total.before) : null),
      text(changes[c.key]!.text),
    ]),
    [text(VALID_DB_NOTE)],
    [],
    [
      bold("유효 DB 단가"),
      bold("캠페인"),
      bold("유효 DB 단가 (원)"),
      bold("유효 DB"),
      bold("비용 (원)"),
    ],
  ];
  if (r.best.length === 0) rows.push([text(NO_BEST_CAMPAIGN)]);
  for (const [kind, list] of [
    ["낮은 캠페인", r.best],
    ["높은 캠페인", r.worst],
  ] as const)
    for (const c of list)
      rows.push([text(kind), text(c.label), num(c.validCost), num(c.validLeads), num(c.costWon)]);
  rows.push(
    [],
    [
      bold(
        `다음 주 방문 예약 (${formatKoreanDay(r.comingWeek.range.from)} ~ ${formatKoreanDay(r.comingWeek.range.to)})`,
      ),
      num(r.comingWeek.total),
    ],
    [bold("일시"), bold("예약 수")],
    ...r.comingWeek.slots.map((s) => [text(formatSlot(`${s.date}T${s.time}`)), num(s.count)]),
    [],
  );
  if (r.remaining) {
    rows.push([bold("잔여 세대"), text(`${formatKoreanDateTime(r.remaining.updatedAt)} 기준`)]);
    rows.push([bold("주택형"), bold("잔여 세대")]);
    for (const u of r.remaining.units) rows.push([text(u.label), num(u.count)]);
  } else rows.push([bold("잔여 세대"), text("운영 정보에 잔여 세대가 없습니다")]);
  return rows;
}

/** The workbook's bytes. */
export function weeklyXlsx(r: WeeklyReport): Promise<Buffer> {
  const wide = [{ width: 28 }, ...COST_COLUMNS.flatMap(() => [{ width: 12 }])];
  return writeXlsxFile([
    {
      data: summarySheet(r),
      sheet: "요약",
      columns: [{ width: 28 }, { width: 30 }, { width: 16 }, { width: 12 }, { width: 14 }],
    },
    {
      data: linesSheet("유입 경로", r.sources),
      sheet: "경로별",
      columns: wide,
      stickyRowsCount: 1,
      stickyColumnsCount: 1,
    },
    {
      data: linesSheet("유입 경로 · 캠페인", r.campaigns),
      sheet: "캠페인별",
      columns: wide,
      stickyRowsCount: 1,
      stickyColumnsCount: 1,
    },
  ]).toBuffer();
}

/** The download's file name: "weekly-<site>-<monday>.xlsx", and its Korean name. */
export function weeklyXlsxHeaders(r: WeeklyReport): Record<string, string> {
  const name = `${r.siteId}-${r.week}.xlsx`;
  return {
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": `attachment; filename="weekly-${name}"; filename*=UTF-8''${encodeURIComponent(`주간보고서-${name}`)}`,
  };
}
