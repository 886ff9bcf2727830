import { channelSourceLabel } from "~/channels/channels";
import { LineHead } from "~/crm/funnel-table";
import {
  campaignLabel,
  change,
  COST_COLUMNS,
  formatCost,
  formatCount,
  formatWon,
  unitCosts,
  VALID_DB_NOTE,
  type CostColumn,
  type CostFigures,
  type CostResultRow,
} from "~/channels/cost-results";
import { FUNNEL_TOTAL } from "~/crm/funnel";

/*
 * 채널 성과's 비용과 단가 (issue 41): a line per source (or per source and campaign) with what it cost,
 * what it brought and each unit cost, the total, sorting by a column through links (no JavaScript
 * needed; aria-sort names the sorted column), and the change of the totals from the period before.
 * A table on a wide screen; a card per line on a phone (data-label names each figure).
 */

export type CostSort = { key: string; asc: boolean };

export function CostTable({
  labelledBy,
  rows,
  total,
  byCampaign,
  withSite,
  sort,
  sortHref,
}: {
  labelledBy: string;
  rows: CostResultRow[];
  total: CostFigures;
  byCampaign: boolean;
  withSite: boolean;
  sort: CostSort | null;
  /** The address of the page sorted by a column, in a direction. */
  sortHref: (key: string, asc: boolean) => string;
}) {
  const columns = Number(withSite) + 1 + Number(byCampaign) + COST_COLUMNS.length;
  return (
    <>
      <div className="funnel-table-wrap" role="region" aria-labelledby={labelledBy} tabIndex={0}>
        <table className="admin-table admin-cards funnel-table cost-table">
          <caption className="sr-only">
            {byCampaign ? "유입 경로와 캠페인별" : "유입 경로별"} 비용, 성과와 단가, 합계
            {sort ? ` (정렬: ${COST_COLUMNS.find((c) => c.key === sort.key)?.label})` : ""}
          </caption>
          <thead>
            <tr>
              {withSite ? <th scope="col">단지</th> : null}
              <th scope="col">유입 경로</th>
              {byCampaign ? <th scope="col">캠페인</th> : null}
              {COST_COLUMNS.map((c) => {
                const current = sort?.key === c.key;
                // The first click sorts largest first; on the sorted column it turns the order.
                const asc = current ? !sort.asc : false;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    className={c.won && c.key !== "costWon" ? "num funnel-rate" : "num"}
                    aria-sort={current ? (sort.asc ? "ascending" : "descending") : undefined}
                  >
                    <a href={sortHref(c.key, asc)} className="cost-sort">
                      {c.label}
                      <span aria-hidden="true">{current ? (sort.asc ? " ▲" : " ▼") : ""}</span>
                      <span className="sr-only">
                        {asc ? " 작은 값부터 정렬" : " 큰 값부터 정렬"}
                      </span>
                    </a>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns} className="admin-empty">
                  이 기간에 비용·유입·상담 접수가 없습니다.
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <CostLine
                  key={`${r.siteId} ${r.source} ${r.campaign ?? ""}`}
                  site={withSite ? r.siteId : null}
                  label={channelSourceLabel(r.source)}
                  campaign={byCampaign ? campaignLabel(r.campaign ?? "") : null}
                  figures={r}
                />
              ))
            )}
          </tbody>
          {rows.length > 0 ? (
            <tfoot>
              <CostLine
                site={withSite ? "" : null}
                label={FUNNEL_TOTAL}
                campaign={byCampaign ? "전체" : null}
                figures={total}
              />
            </tfoot>
          ) : null}
        </table>
      </div>
      <p className="channel-note cost-note">
        {VALID_DB_NOTE} 비용은 가져온 광고비와 직접 입력한 비용(정액 매체는 하루씩 나눠서, 분양 DB
        구매는 접수 한 건마다)의 합계이며 VAT를 포함합니다. CPL은 비용 ÷ 접수, 유효 DB 단가는 비용 ÷
        유효 DB, 방문 단가는 비용 ÷ 방문 완료, 계약 단가는 비용 ÷ 계약입니다. 나눌 수가 없으면 —,
        비용이 없으면 “비용 없음”으로 적습니다.
        {byCampaign ? " 유입과 전화 탭은 캠페인별로 세지 않아 —로 적습니다." : ""}
      </p>
    </>
  );
}

function CostLine({
  site,
  label,
  campaign,
  figures,
}: {
  site: string | null;
  label: string;
  campaign: string | null;
  figures: CostFigures;
}) {
  return (
    <tr>
      <LineHead site={site} label={label} />
      {campaign !== null ? <td data-label="캠페인">{campaign}</td> : null}
      {COST_COLUMNS.map((c: CostColumn) => (
        <td
          key={c.key}
          className={c.won && c.key !== "costWon" ? "num funnel-rate" : "num"}
          data-label={c.label}
        >
          {c.text(figures)}
        </td>
      ))}
    </tr>
  );
}

/** The totals to compare with the period before: what they are, and how they read. */
const CHANGES: {
  label: string;
  value: (f: CostFigures) => number | null;
  text: (f: CostFigures) => string;
}[] = [
  { label: "비용", value: (f) => f.costWon, text: formatCost },
  { label: "접수", value: (f) => f.leads, text: (f) => `${formatCount(f.leads)}건` },
  { label: "유효 DB", value: (f) => f.validLeads, text: (f) => `${formatCount(f.validLeads)}건` },
  { label: "방문 완료", value: (f) => f.visited, text: (f) => `${formatCount(f.visited)}건` },
  { label: "계약", value: (f) => f.contracted, text: (f) => `${formatCount(f.contracted)}건` },
  { label: "CPL", value: (f) => unitCosts(f).cpl, text: (f) => formatWon(unitCosts(f).cpl) },
  {
    label: "유효 DB 단가",
    value: (f) => unitCosts(f).validCost,
    text: (f) => formatWon(unitCosts(f).validCost),
  },
];

/** The period's totals and their change from the period before (arrow and words, not color alone). */
export function CostChanges({
  total,
  before,
  beforeLabel,
}: {
  total: CostFigures;
  before: CostFigures;
  beforeLabel: string;
}) {
  return (
    <dl className="cost-changes" aria-label={`기간 합계와 ${beforeLabel} 대비 변화`}>
      {CHANGES.map((c) => {
        const d = change(c.value(total), c.value(before));
        return (
          <div key={c.label} className="cost-change">
            <dt>{c.label}</dt>
            <dd>
              <span className="cost-change-value">{c.text(total)}</span>{" "}
              <span className={`cost-change-delta is-${d.direction}`}>
                <span aria-hidden="true">{d.text}</span>
                <span className="sr-only">{d.label}</span>
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
