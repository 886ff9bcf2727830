import { Link } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table";
import {
  costText,
  cplText,
  PORTFOLIO_ORDER,
  portfolioLinks,
  type PortfolioRow,
  type Week,
} from "~/console/portfolio";
import { formatKoreanDay } from "~/lib/korean-time";

/*
 * The agency's portfolio on /admin (app/console/portfolio.ts): a line per complex, each figure a
 * link to the page it comes from. The complex's name stays in view while the figures scroll
 * sideways on a narrow screen.
 */

type Figure = {
  key: keyof ReturnType<typeof portfolioLinks>;
  label: string;
  text: (r: PortfolioRow) => string;
  /** Work waiting, marked when above 0. */
  alert?: (r: PortfolioRow) => boolean;
};

const count = (pick: (r: PortfolioRow) => number) => (r: PortfolioRow) =>
  pick(r).toLocaleString("ko-KR");

const FIGURES: Figure[] = [
  { key: "todayLeads", label: "오늘 DB", text: count((r) => r.todayLeads) },
  { key: "weekLeads", label: "이번 주 DB", text: count((r) => r.weekLeads) },
  { key: "weekCost", label: "이번 주 비용", text: costText },
  { key: "cpl", label: "이번 주 CPL", text: cplText },
  { key: "visited", label: "방문 완료", text: count((r) => r.visited) },
  { key: "contracted", label: "계약", text: count((r) => r.contracted) },
  {
    key: "unassignedNew",
    label: "미배정 신규",
    text: count((r) => r.unassignedNew),
    alert: (r) => r.unassignedNew > 0,
  },
  {
    key: "overdueCalls",
    label: "기한 지난 통화",
    text: count((r) => r.overdueCalls),
    alert: (r) => r.overdueCalls > 0,
  },
];

export function PortfolioTable({
  rows,
  today,
  week,
}: {
  rows: PortfolioRow[];
  today: string;
  week: Week;
}) {
  const id = "portfolio-title";
  const columns: Column<PortfolioRow>[] = [
    { key: "name", label: "단지", cell: (r) => r.name, rowHeader: true },
    ...FIGURES.map(
      (f): Column<PortfolioRow> => ({
        key: f.key,
        label: f.label,
        className: "num",
        cell: (r) => {
          const text = f.text(r);
          return (
            <Link
              to={portfolioLinks(r.siteId, today, week)[f.key]}
              className={f.alert?.(r) ? "portfolio-alert" : undefined}
              aria-label={`${r.name} ${f.label} ${text}`}
            >
              {text}
            </Link>
          );
        },
      }),
    ),
  ];
  return (
    <section className="portfolio">
      <h2 className="admin-subtitle" id={id}>
        단지 현황
      </h2>
      <p className="channel-note">
        오늘 {formatKoreanDay(today)} · 이번 주 {formatKoreanDay(week.from)} ~{" "}
        {formatKoreanDay(week.to)} (월~일). {PORTFOLIO_ORDER}으로 놓았습니다. DB는 접수 건수, 비용은
        가져온 광고비와 직접 입력한 비용(정액 매체, DB 구매)의 합, CPL은 이번 주 비용 ÷ 이번 주 DB,
        방문 완료·계약은 이번 주 DB의 고객 중 그 단계에 이른 사람 수(전환 퍼널과 같은 기준)입니다.
        숫자를 누르면 해당 목록이나 채널 성과가 열립니다.
      </p>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.siteId}
        wrapClassName="portfolio-wrap"
        labelledBy={id}
        className="admin-table portfolio-table"
        caption="단지별 오늘·이번 주 DB, 비용, 방문, 계약, 할 일"
        empty="맡은 단지가 없습니다."
      />
    </section>
  );
}
