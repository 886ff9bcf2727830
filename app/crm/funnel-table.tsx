import { channelSourceLabel } from "~/channels/channels";
import {
  FUNNEL_COLUMNS,
  FUNNEL_NOTE,
  FUNNEL_TOTAL,
  type FunnelFigures,
  type FunnelRow,
} from "~/crm/funnel";

/**
 * 채널 성과's 전환 퍼널: a line per source and the total, each step's figure and the conversion
 * into it. A table on a wide screen; on a phone each source is a card, a step's figure on the left
 * and the conversion into it on its right.
 */
export function FunnelTable({
  labelledBy,
  rows,
  total,
  withSite,
}: {
  labelledBy: string;
  rows: FunnelRow[];
  total: FunnelFigures;
  withSite: boolean;
}) {
  const columns = Number(withSite) + 1 + FUNNEL_COLUMNS.length;
  return (
    <>
      <div className="funnel-table-wrap" role="region" aria-labelledby={labelledBy} tabIndex={0}>
        <table className="admin-table admin-cards funnel-table">
          <caption className="sr-only">유입 경로별 전환 퍼널과 합계</caption>
          <thead>
            <tr>
              {withSite ? <th scope="col">단지</th> : null}
              <th scope="col">유입 경로</th>
              {FUNNEL_COLUMNS.map((c) => (
                <th key={c.key} scope="col" className={c.rate ? "num funnel-rate" : "num"}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns} className="admin-empty">
                  이 기간에 집계된 유입·전화 탭·상담 접수가 없습니다.
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <FunnelLine
                  key={`${r.siteId} ${r.source}`}
                  site={withSite ? r.siteId : null}
                  label={channelSourceLabel(r.source)}
                  figures={r}
                />
              ))
            )}
          </tbody>
          {rows.length > 0 ? (
            <tfoot>
              <FunnelLine site={withSite ? "" : null} label={FUNNEL_TOTAL} figures={total} />
            </tfoot>
          ) : null}
        </table>
      </div>
      <p className="channel-note funnel-note">{FUNNEL_NOTE}</p>
    </>
  );
}

/** A line's first cells, the funnel's and the cost table's: its complex (모든 단지 only) and its source. */
export function LineHead({ site, label }: { site: string | null; label: string }) {
  return (
    <>
      {site !== null ? (
        <td className="nowrap" data-label="단지">
          {site}
        </td>
      ) : null}
      <th scope="row" className="funnel-source">
        {label}
      </th>
    </>
  );
}

function FunnelLine({
  site,
  label,
  figures,
}: {
  site: string | null;
  label: string;
  figures: FunnelFigures;
}) {
  return (
    <tr>
      <LineHead site={site} label={label} />
      {FUNNEL_COLUMNS.map((c) => {
        const v = c.value(figures);
        return (
          <td key={c.key} className={c.rate ? "num funnel-rate" : "num"} data-label={c.label}>
            {typeof v === "number" ? v.toLocaleString("ko-KR") : v}
          </td>
        );
      })}
    </tr>
  );
}
