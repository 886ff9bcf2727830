import { useEffect, useId, useState, type ReactNode } from "react";
import { Form } from "react-router";
import { COST_COLUMNS, VALID_DB_NOTE, formatWon, type Change } from "~/channels/cost-results";
import { formatSlot } from "~/bookings/visit-slots";
import { formatKoreanDateTime, formatKoreanDay } from "~/lib/korean-time";
import {
  lineChanges,
  NO_BEST_CAMPAIGN,
  WEEK_PARAM,
  weekLabel,
  type RankedCampaign,
  type WeeklyLine,
} from "~/reports/weekly";
import type { WeeklyReport } from "~/reports/weekly.server";
import "~/styles/report.css";

/*
 * The weekly report as a page (issue 41, item 6), the same for the console (/admin/reports/weekly)
 * and the client's link (/r/<token>): its head with the week, 인쇄 and XLSX, then 요약, 경로별,
 * 캠페인별, 유효 DB 단가, 다음 주 방문 예약 and 잔여 세대. Every change from the week before is
 * written in words ("▲ 12%", read out as "지난 주보다 12% 증가"), never in colour alone. The print
 * stylesheet (styles/report.css) keeps each table whole on A4 and leaves the page's controls out.
 */

/** "▲ 12%" under a figure, said in full to a screen reader. */
function ChangeText({ change }: { change: Change }) {
  return (
    <span className={`report-change is-${change.direction}`}>
      <span aria-hidden="true">{change.text}</span>
      <span className="sr-only">{change.label.replace("지난 기간", "지난 주")}</span>
    </span>
  );
}

/** A table's head: the first column's title, then the figures' (right-aligned). */
function Head({ first, figures }: { first: ReactNode; figures: readonly string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col" className="report-label">
          {first}
        </th>
        {figures.map((f) => (
          <th key={f} scope="col" className="num">
            {f}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A table in a focusable region that scrolls sideways on a narrow screen, kept whole in print. */
function ReportTable({
  id,
  caption,
  children,
}: {
  id: string;
  caption: string;
  children: ReactNode;
}) {
  return (
    <div
      className="channel-table-wrap report-table-wrap"
      role="region"
      aria-labelledby={id}
      tabIndex={0}
    >
      <table className="admin-table report-table">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="report-section" aria-labelledby={id}>
      <h2 id={id} className="admin-subtitle">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The week's totals beside the week before's, a figure per row. */
function Summary({ total }: { total: WeeklyLine }) {
  const changes = lineChanges(total);
  return (
    <ReportTable id="report-summary-title" caption="이번 주와 지난 주 합계, 변화">
      <Head first="항목" figures={["이번 주", "지난 주", "변화"]} />
      <tbody>
        {COST_COLUMNS.map((c) => (
          <tr key={c.key}>
            <th scope="row">{c.label}</th>
            <td className="num">{c.text(total.figures)}</td>
            <td className="num">{total.before ? c.text(total.before) : "—"}</td>
            <td className="num">
              <ChangeText change={changes[c.key]!} />
            </td>
          </tr>
        ))}
      </tbody>
    </ReportTable>
  );
}

/** A line per source or campaign (the total last): each figure with its change under it. */
function Lines({ id, first, lines }: { id: string; first: string; lines: WeeklyLine[] }) {
  return (
    <>
      {lines.length === 1 ? (
        <p className="report-empty">이번 주와 지난 주에 집계된 비용·유입·접수가 없습니다.</p>
      ) : null}
      <ReportTable id={id} caption={`${first}별 이번 주 성과와 비용, 지난 주 대비 변화`}>
        <Head first={first} figures={COST_COLUMNS.map((c) => c.label)} />
        <tbody>
          {lines.map((l, i) => {
            const changes = lineChanges(l);
            return (
              <tr key={l.label} className={i === lines.length - 1 ? "report-total" : undefined}>
                <th scope="row" className="report-label">
                  {l.label}
                </th>
                {COST_COLUMNS.map((c) => (
                  <td key={c.key} className="num">
                    {c.text(l.figures)}
                    <ChangeText change={changes[c.key]!} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </ReportTable>
    </>
  );
}

function Ranked({ id, title, list }: { id: string; title: string; list: RankedCampaign[] }) {
  return (
    <div className="report-ranked">
      <h3 id={id} className="report-minor">
        {title}
      </h3>
      <ReportTable id={id} caption={title}>
        <Head first="캠페인" figures={["유효 DB 단가", "유효 DB", "비용"]} />
        <tbody>
          {list.length === 0 ? (
            <tr>
              <td colSpan={4} className="admin-empty">
                비교할 캠페인이 하나뿐입니다.
              </td>
            </tr>
          ) : (
            list.map((c) => (
              <tr key={c.label}>
                <th scope="row">{c.label}</th>
                <td className="num">{formatWon(c.validCost)}</td>
                <td className="num">{c.validLeads.toLocaleString("ko-KR")}</td>
                <td className="num">{formatWon(c.costWon)}</td>
              </tr>
            ))
          )}
        </tbody>
      </ReportTable>
    </div>
  );
}

/** 인쇄: shown once the page's script runs (without it a button would do nothing). */
function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="btn btn-outline btn-small" onClick={() => window.print()}>
      인쇄
    </button>
  );
}

/** The week to show: a plain GET form, so it works without JavaScript. */
function WeekChoice({
  action,
  week,
  weeks,
}: {
  action: string;
  week: string;
  weeks: { monday: string; label: string }[];
}) {
  const id = useId();
  return (
    <Form method="get" action={action} className="report-week" aria-label="주 선택">
      <div className="field">
        <label htmlFor={`${id}-week`}>주</label>
        <select id={`${id}-week`} name={WEEK_PARAM} defaultValue={week}>
          {weeks.map((w) => (
            <option key={w.monday} value={w.monday}>
              {w.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary btn-small">
        보기
      </button>
    </Form>
  );
}

export function WeeklyReportView({
  report,
  weeks,
  pageAction,
  xlsxHref,
  hidden,
}: {
  report: WeeklyReport;
  weeks: { monday: string; label: string }[];
  /** Where the week form goes (this page, with its own query: `hidden`). */
  pageAction: string;
  xlsxHref: string;
  hidden?: ReactNode;
}) {
  const total = report.sources.at(-1)!;
  const coming = report.comingWeek;
  return (
    <article className="report" aria-labelledby="report-title">
      <header className="report-head">
        <div>
          <p className="report-site">{report.siteName}</p>
          <h1 id="report-title" className="admin-title">
            주간 보고서
          </h1>
          <p className="report-period">
            {weekLabel(report.week)}{" "}
            <span className="report-vs">(지난 주: {weekLabel(report.previous.from)})</span>
          </p>
        </div>
        <div className="report-actions">
          <WeekChoice action={pageAction} week={report.week} weeks={weeks} />
          {hidden}
          <PrintButton />
          <a href={xlsxHref} className="btn btn-outline btn-small" download>
            XLSX 내려받기
          </a>
        </div>
      </header>

      <Section id="report-summary-title" title="요약">
        <Summary total={total} />
        <p className="report-note">{VALID_DB_NOTE}</p>
      </Section>

      <Section id="report-sources" title="유입 경로별 성과와 비용">
        <Lines id="report-sources" first="유입 경로" lines={report.sources} />
      </Section>

      <Section id="report-campaigns" title="캠페인별 성과와 비용">
        <Lines id="report-campaigns" first="캠페인" lines={report.campaigns} />
        {report.hiddenCampaigns > 0 ? (
          <p className="report-note">
            {`비용이 큰 캠페인 ${(report.campaigns.length - 1).toLocaleString("ko-KR")}개를 보여 줍니다. 나머지 ${report.hiddenCampaigns.toLocaleString("ko-KR")}개 캠페인은 엑셀 파일에 있습니다. 합계는 모든 캠페인의 것입니다.`}
          </p>
        ) : null}
      </Section>

      <Section id="report-ranking" title="유효 DB 단가 순위">
        {report.best.length === 0 ? (
          <p className="report-empty">{NO_BEST_CAMPAIGN}</p>
        ) : (
          <div className="report-ranking">
            <Ranked id="report-best" title="유효 DB 단가가 낮은 캠페인" list={report.best} />
            <Ranked id="report-worst" title="유효 DB 단가가 높은 캠페인" list={report.worst} />
          </div>
        )}
      </Section>

      <Section id="report-visits" title="다음 주 방문 예약">
        <p className="report-note">
          {formatKoreanDay(coming.range.from)} ~ {formatKoreanDay(coming.range.to)} · 예약{" "}
          {coming.total.toLocaleString("ko-KR")}건 (취소된 예약 제외, 예약자 정보는 싣지 않습니다)
        </p>
        {coming.slots.length === 0 ? (
          <p className="report-empty">다음 주에 잡힌 방문 예약이 없습니다.</p>
        ) : (
          <ReportTable id="report-visits" caption="다음 주 일시별 방문 예약 수">
            <Head first="일시" figures={["예약 수"]} />
            <tbody>
              {coming.slots.map((s) => (
                <tr key={`${s.date}T${s.time}`}>
                  <th scope="row">{formatSlot(`${s.date}T${s.time}`)}</th>
                  <td className="num">{s.count.toLocaleString("ko-KR")}건</td>
                </tr>
              ))}
            </tbody>
          </ReportTable>
        )}
      </Section>

      <Section id="report-remaining" title="잔여 세대">
        {report.remaining ? (
          <>
            <p className="report-note">
              {formatKoreanDateTime(report.remaining.updatedAt)} 기준 (운영 정보)
            </p>
            <ReportTable id="report-remaining" caption="주택형별 잔여 세대">
              <Head first="주택형" figures={["잔여 세대"]} />
              <tbody>
                {report.remaining.units.map((u) => (
                  <tr key={u.label}>
                    <th scope="row">{u.label}</th>
                    <td className="num">
                      {u.count === 0 ? "마감" : `${u.count.toLocaleString("ko-KR")}세대`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </ReportTable>
          </>
        ) : (
          <p className="report-empty">운영 정보에 잔여 세대가 입력되어 있지 않습니다.</p>
        )}
      </Section>
    </article>
  );
}
