import { useId } from "react";
import { data, Form, Link } from "react-router";
import { AdminHead } from "~/components/admin/admin-head";
import { FunnelTable } from "~/crm/funnel-table";
import { scopeName, SiteChoiceField, type SiteChoice } from "~/components/admin/site-choice";
import type { Route } from "./+types/channels";
import { deskScope } from "~/crm/lead-desk.server";
import { channelReport } from "~/channels/channel-counts.server";
import { funnelLevels } from "~/crm/funnel.server";
import {
  adCostDays,
  costResults,
  costTotal,
  dailyCostsAndLeads,
} from "~/channels/cost-results.server";
import { costColumn, sortCostRows, type CostResultsBy } from "~/channels/cost-results";
import { CostChanges, CostTable } from "~/channels/cost-table";
import { CostChart } from "~/channels/cost-chart";
import { requireArea } from "~/auth/guards.server";
import { Pager } from "~/components/admin/pager";
import { adminHeaders, adminTitle } from "~/lib/admin-page";
import {
  CHANNEL_FIGURES,
  channelSourceLabel,
  DEFAULT_DAYS,
  parseChannelRange,
  presetRanges,
  previousRange,
  type ChannelRange,
  type ChannelRow,
} from "~/channels/channels";
import { formatKoreanDay } from "~/lib/korean-time";
import { DESK_SITE_PARAM } from "~/crm/lead-desk";
import { ALL_SITES } from "~/lib/sites";
import { deskSiteChoice } from "~/console/console-site.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * /admin/channels: 채널 성과. Per ad source (utm_source) and Korean day: the visits that landed with
 * it, the taps on a phone link, the leads and booked visits of that source, and leads per 100
 * landings; the period's total per source above. A period in the address (default: the last 30
 * days), CSV of the same figures. The request's complex; an administrator of every complex may
 * choose another or 모든 단지 (?site=*), with a 단지 column. Between them, 전환 퍼널: per source,
 * the leads of the period and how far their people have gone (app/crm/funnel.server.ts), with its
 * own CSV. Above it, 비용과 단가 (issue 41): per source, or per campaign (?by=campaign), what the
 * ads cost (app/channels/cost-results.server.ts), the figures and the unit costs, sortable
 * (?sort=<column>&dir=asc), the totals' change from the period before, and a chart of each day's
 * cost and DB per source; its CSV is the funnel's address with ?by=. Counts only: nothing personal
 * is shown, so nothing is written to the access log.
 *
 * What the page draws is bounded, the CSVs are whole: 캠페인별 shows COST_PAGE_LINES lines a page
 * (?page=; 350 at 50 campaigns of 7 sources), 일별 성과 DAILY_PAGE_DAYS days a page, newest first
 * (?daypage=), and the chart a bar per week past 92 days (dailyCostsAndLeads: a year of days is 1 px a bar).
 */

/** Lines of 비용과 단가 per page (the totals stay those of every line). */
const COST_PAGE_LINES = 50;
/** Days of 일별 성과 per page. */
const DAILY_PAGE_DAYS = 31;

/** The page a parameter asks for, 1 to `pages`. */
function pageParam(params: URLSearchParams, name: string, pages: number): number {
  const asked = Math.floor(Number(params.get(name)));
  return Math.min(Math.max(Number.isFinite(asked) ? asked : 1, 1), Math.max(pages, 1));
}

export const meta = adminTitle("채널 성과");
export const headers = adminHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  const admin = await requireArea(request, siteId, "channels");
  const url = new URL(request.url);
  const range = parseChannelRange(url.searchParams);
  const { scope, choosable } = deskScope(admin, siteId, url.searchParams.get(DESK_SITE_PARAM));
  const by: CostResultsBy = url.searchParams.get("by") === "campaign" ? "campaign" : "source";
  const sortColumn = costColumn(url.searchParams.get("sort"));
  const sort = sortColumn
    ? { key: sortColumn.key, asc: url.searchParams.get("dir") === "asc" }
    : null;
  const before = previousRange(range);
  // The period's leads are read once for the funnel and the costs, once for the channel report and
  // the chart's leads per day; the period before is read for its total only (costTotal: no lines,
  // the same per source as per campaign).
  const levels = funnelLevels(scope, range, { campaigns: by === "campaign" });
  const channels = channelReport(scope, range);
  // The imported costs per day and source: the chart's, and added up, the lines per source.
  const costDays = adCostDays(scope, range);
  const [report, { bySource: funnelReport }, costs, totalBefore, daily] = await Promise.all([
    channels,
    levels,
    costResults(scope, range, by, { funnel: levels, costDays }),
    costTotal(scope, before),
    dailyCostsAndLeads(scope, range, channels, costDays),
  ]);
  const costRows = sortColumn ? sortCostRows(costs.rows, sortColumn, sort!.asc) : costs.rows;
  const costPages = Math.ceil(costRows.length / COST_PAGE_LINES);
  const costPage = pageParam(url.searchParams, "page", costPages);
  // 일별 성과: the days with a figure, newest first, a page of them.
  const days = [...new Set(report.rows.map((r) => r.day))];
  const dayPages = Math.ceil(days.length / DAILY_PAGE_DAYS);
  const dayPage = pageParam(url.searchParams, "daypage", dayPages);
  const shownDays = new Set(days.slice((dayPage - 1) * DAILY_PAGE_DAYS, dayPage * DAILY_PAGE_DAYS));
  return data(
    {
      range,
      report: { totals: report.totals, rows: report.rows.filter((r) => shownDays.has(r.day)) },
      dayPages: { page: dayPage, pages: dayPages },
      funnel: funnelReport,
      costs: {
        ...costs,
        rows: costRows.slice((costPage - 1) * COST_PAGE_LINES, costPage * COST_PAGE_LINES),
      },
      costPages: { page: costPage, pages: costPages, lines: costRows.length },
      before: { range: before, total: totalBefore },
      sort,
      daily,
      presets: presetRanges(),
      // The complex choice: only for an administrator of every complex, once there is a choice.
      site: choosable ? deskSiteChoice(admin, scope, siteId) : null,
    },
    { headers: adminHeaders() },
  );
}

export default function AdminChannels({ loaderData }: Route.ComponentProps) {
  const { range, report, funnel, site, costs, before, sort, daily, presets, costPages, dayPages } =
    loaderData;
  const params = {
    ...(site && site.scope !== site.current ? { [DESK_SITE_PARAM]: site.scope } : {}),
    from: range.from,
    to: range.to,
  };
  const query = new URLSearchParams(params).toString();
  const byCampaign = costs.by === "campaign";
  /** This page with the period's query and `more` (by, sort, dir). */
  const here = (more: Record<string, string>) =>
    `/admin/channels?${new URLSearchParams({ ...params, ...more }).toString()}#channel-costs`;
  const byParam: Record<string, string> = byCampaign ? { by: "campaign" } : {};
  const sortParam: Record<string, string> = sort
    ? { sort: sort.key, ...(sort.asc ? { dir: "asc" } : {}) }
    : {};
  const costPageParam: Record<string, string> =
    costPages.page > 1 ? { page: String(costPages.page) } : {};
  const withSite = site?.scope === ALL_SITES;
  const sum = (pick: (r: ChannelRow) => number) =>
    report.totals.reduce((n, r) => n + pick(r), 0).toLocaleString("ko-KR");
  return (
    <>
      <AdminHead title="채널 성과">
        <Link
          to={`/admin/reports/weekly${site && site.scope !== site.current && site.scope !== ALL_SITES ? `?site=${encodeURIComponent(site.scope)}` : ""}`}
          className="btn btn-outline btn-small channel-first-action"
        >
          주간 보고서
        </Link>
        <Link to="/admin/channels/costs" className="btn btn-outline btn-small">
          광고비 가져오기
        </Link>
        <Link to="/admin/channels/meta-forms" className="btn btn-outline btn-small">
          Meta 리드 양식
        </Link>
        <a href={`/admin/channels.csv?${query}`} className="btn btn-primary btn-small" download>
          CSV 내려받기
        </a>
      </AdminHead>
      <ChannelFilters key={query} range={range} site={site} presets={presets} />
      <p className="admin-summary" role="status">
        {site ? `${scopeName(site)} · ` : ""}
        {formatKoreanDay(range.from)} ~ {formatKoreanDay(range.to)} · 유입 {sum((r) => r.landings)}{" "}
        · 전화 탭 {sum((r) => r.telTaps)} · 상담 접수 {sum((r) => r.leads)}
      </p>
      <p className="channel-note">
        유입은 utm_source가 붙은 주소로 들어온 방문(창을 닫을 때까지 한 번), 전화 탭은 전화번호
        링크를 누른 횟수입니다. 상담 접수와 방문 예약은 그날 접수된 상담 중 같은 utm_source의
        건수이며, 방문 예약은 예약을 취소한 접수를 빼고 셉니다. 100명당 접수는 상담 접수 ÷ 유입 ×
        100입니다. 방문자의 주소나 쿠키는 저장하지 않습니다.
      </p>
      <ChannelPart rows={report.totals} withSite={withSite} byDay={false} />
      <div className="admin-head channel-section-head">
        <h2 className="admin-subtitle" id="channel-costs">
          비용과 단가
        </h2>
        <nav className="desk-views cost-views" aria-label="비용 보기">
          <a href={here({})} aria-current={byCampaign ? undefined : "page"}>
            경로별
          </a>
          <a href={here({ by: "campaign" })} aria-current={byCampaign ? "page" : undefined}>
            캠페인별
          </a>
        </nav>
        <a href="/admin/channels/manual-costs" className="btn btn-outline btn-small">
          직접 입력 비용
        </a>
        <a
          href={`/admin/channels/funnel.csv?${new URLSearchParams({ ...params, by: costs.by }).toString()}`}
          className="btn btn-outline btn-small"
          download
        >
          비용 CSV 내려받기
        </a>
      </div>
      <CostChanges
        total={costs.total}
        before={before.total}
        beforeLabel={`지난 기간(${formatKoreanDay(before.range.from)} ~ ${formatKoreanDay(before.range.to)})`}
      />
      <CostTable
        labelledBy="channel-costs"
        rows={costs.rows}
        total={costs.total}
        byCampaign={byCampaign}
        withSite={withSite}
        sort={sort}
        sortHref={(key, asc) => here({ ...byParam, sort: key, ...(asc ? { dir: "asc" } : {}) })}
      />
      {costPages.pages > 1 ? (
        <p className="channel-note">
          {costPages.lines.toLocaleString("ko-KR")}줄 중{" "}
          {((costPages.page - 1) * COST_PAGE_LINES + 1).toLocaleString("ko-KR")}–
          {Math.min(costPages.page * COST_PAGE_LINES, costPages.lines).toLocaleString("ko-KR")}번째
          줄입니다. 합계는 모든 줄의 합계이며, 비용 CSV에는 모든 줄이 있습니다.
        </p>
      ) : null}
      <Pager
        page={costPages.page}
        pages={costPages.pages}
        label="비용과 단가 쪽 이동"
        href={(page) => here({ ...byParam, ...sortParam, page: String(page) })}
      />
      <h3 className="admin-subtitle cost-chart-title" id="channel-chart">
        {daily.unit === "week" ? "주별" : "일별"} 비용과 접수
      </h3>
      {daily.unit === "week" ? (
        <p className="channel-note">
          기간이 길어 한 주(월~일)에 막대 하나로 그립니다. 첫 주와 마지막 주는 기간 안의 날만
          셉니다.
        </p>
      ) : null}
      <CostChart days={daily.days} unit={daily.unit} series={daily.series} withSite={withSite} />
      <div className="admin-head channel-section-head">
        <h2 className="admin-subtitle" id="channel-funnel">
          전환 퍼널
        </h2>
        <a
          href={`/admin/channels/funnel.csv?${query}`}
          className="btn btn-outline btn-small"
          download
        >
          퍼널 CSV 내려받기
        </a>
      </div>
      <FunnelTable
        labelledBy="channel-funnel"
        rows={funnel.rows}
        total={funnel.total}
        withSite={withSite}
      />
      <ChannelPart rows={report.rows} withSite={withSite} byDay />
      {dayPages.pages > 1 ? (
        <p className="channel-note">
          {DAILY_PAGE_DAYS}일씩, 최근 날짜부터 보여 줍니다. CSV 내려받기에는 모든 날짜가 있습니다.
        </p>
      ) : null}
      <Pager
        page={dayPages.page}
        pages={dayPages.pages}
        label="일별 성과 쪽 이동"
        href={(page) =>
          `/admin/channels?${new URLSearchParams({ ...params, ...byParam, ...sortParam, ...costPageParam, daypage: String(page) }).toString()}#channel-daily`
        }
      />
    </>
  );
}

/** 경로별 합계 (the period's totals per source) or, `byDay`, 일별 성과: its heading and its table. */
function ChannelPart({
  rows,
  withSite,
  byDay,
}: {
  rows: ChannelRow[];
  withSite: boolean;
  byDay: boolean;
}) {
  const id = byDay ? "channel-daily" : "channel-totals";
  return (
    <>
      <h2 className={byDay ? "admin-subtitle channel-daily-title" : "admin-subtitle"} id={id}>
        {byDay ? "일별 성과" : "경로별 합계"}
      </h2>
      <ChannelTable
        labelledBy={id}
        caption={byDay ? "날짜와 유입 경로별 성과, 최근 날짜부터" : "유입 경로별 기간 합계"}
        rows={rows}
        withSite={withSite}
        byDay={byDay}
      />
    </>
  );
}

/**
 * A table of the report's lines: the period's totals, or (`byDay`) the days, newest first, each a
 * group of its sources under the day's heading. The source stays in view while the figures scroll
 * sideways on a narrow screen.
 */
function ChannelTable({
  labelledBy,
  caption,
  rows,
  withSite,
  byDay,
}: {
  labelledBy: string;
  caption: string;
  rows: ChannelRow[];
  withSite: boolean;
  byDay: boolean;
}) {
  const columns = Number(withSite) + 1 + CHANNEL_FIGURES.length;
  const groups = byDay ? groupBy(rows, (r) => r.day) : [["", rows] as const];
  return (
    // Focusable, so a keyboard can scroll it too.
    <div className="channel-table-wrap" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="admin-table channel-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {withSite ? <th scope="col">단지</th> : null}
            <th scope="col" className="channel-source">
              유입 경로
            </th>
            {CHANNEL_FIGURES.map((f) => (
              <th key={f.key} scope="col" className="num">
                {f.label}
              </th>
            ))}
          </tr>
        </thead>
        {rows.length === 0 ? (
          <tbody>
            <tr>
              <td colSpan={columns} className="admin-empty">
                이 기간에 집계된 유입·전화 탭·상담 접수가 없습니다.
              </td>
            </tr>
          </tbody>
        ) : (
          groups.map(([day, lines]) => (
            <tbody key={day}>
              {day ? (
                <tr className="channel-day">
                  <th colSpan={columns} scope="rowgroup">
                    {formatKoreanDay(day)}
                  </th>
                </tr>
              ) : null}
              {lines.map((r) => (
                <tr key={`${r.siteId} ${r.source}`}>
                  {withSite ? <td className="nowrap">{r.siteId}</td> : null}
                  <th scope="row" className="channel-source">
                    {channelSourceLabel(r.source)}
                  </th>
                  {CHANNEL_FIGURES.map((f) => {
                    const v = f.value(r);
                    return (
                      <td key={f.key} className="num">
                        {typeof v === "number" ? v.toLocaleString("ko-KR") : v}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))
        )}
      </table>
    </div>
  );
}

/** Consecutive items with the same key, in order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): (readonly [string, T[]])[] {
  const groups: [string, T[]][] = [];
  for (const item of items) {
    const k = key(item);
    const last = groups.at(-1);
    if (last && last[0] === k) last[1].push(item);
    else groups.push([k, [item]]);
  }
  return groups;
}

function ChannelFilters({
  range,
  site,
  presets,
}: {
  range: ChannelRange;
  site: SiteChoice | null;
  presets: { key: string; label: string; range: ChannelRange }[];
}) {
  const id = useId();
  const siteParam: Record<string, string> =
    site && site.scope !== site.current ? { [DESK_SITE_PARAM]: site.scope } : {};
  return (
    <>
      <nav className="desk-views channel-presets" aria-label="기간 빠른 선택">
        {presets.map((p) => {
          const current = p.range.from === range.from && p.range.to === range.to;
          return (
            <a
              key={p.key}
              href={`/admin/channels?${new URLSearchParams({ ...siteParam, ...p.range }).toString()}`}
              className="btn btn-outline btn-small"
              aria-current={current ? "page" : undefined}
            >
              {p.label}
            </a>
          );
        })}
      </nav>
      <Form
        method="get"
        action="/admin/channels"
        className="desk-filters channel-filters"
        aria-label="기간 선택"
      >
        {site ? <SiteChoiceField id={`${id}-site`} site={site} /> : null}
        <div className="field desk-filter">
          <label htmlFor={`${id}-from`}>시작일</label>
          <input id={`${id}-from`} name="from" type="date" defaultValue={range.from} />
        </div>
        <div className="field desk-filter">
          <label htmlFor={`${id}-to`}>종료일</label>
          <input id={`${id}-to`} name="to" type="date" defaultValue={range.to} />
        </div>
        <div className="desk-filter-actions">
          <button type="submit" className="btn btn-primary btn-small">
            조회
          </button>
          <Link
            to={`/admin/channels${site && site.scope !== site.current ? `?${DESK_SITE_PARAM}=${encodeURIComponent(site.scope)}` : ""}`}
            className="btn btn-outline btn-small"
          >
            최근 {DEFAULT_DAYS}일
          </Link>
        </div>
      </Form>
    </>
  );
}
