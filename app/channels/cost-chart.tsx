import { useId } from "react";
import { channelSourceLabel } from "~/channels/channels";
import { formatWon } from "~/channels/cost-results";
import { formatKoreanDay } from "~/lib/korean-time";

/*
 * 채널 성과's chart (issue 41): per source, each day's cost (bars above) and DB (접수, bars below)
 * over the period. Drawn here as SVG, so the server sends it whole and it reads without JavaScript:
 * each source's picture is an image named by its title and described by its totals and peaks; the
 * same figures stand in a table under 표로 보기. One small picture per source, side by side on a
 * wide screen, so its words keep their size on a phone.
 */

export type ChartSeries = { siteId: string; source: string; costWon: number[]; leads: number[] };

const W = 360;
const PLOT = { left: 8, right: 352 };
const COST = { top: 22, bottom: 102 };
const LEADS = { top: 134, bottom: 194 };
const H = 216;

/** "3/2" for a day. */
const shortDay = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** A coordinate to two decimals (a hundredth of the 360-unit picture is enough). */
const round = (n: number) => Math.round(n * 100) / 100;

/** A chart's words per day, or per week (a long period: DailySeries.unit). */
const UNIT_WORDS = {
  day: { title: "일별", peak: "하루 최대", rows: "날짜", table: "날짜와" },
  week: { title: "주별", peak: "한 주 최대", rows: "주 시작일", table: "주와" },
} as const;

type ChartUnit = keyof typeof UNIT_WORDS;

/** The largest value and its first day. */
function peak(values: number[], days: string[]) {
  let i = 0;
  values.forEach((v, j) => {
    if (v > values[i]!) i = j;
  });
  return { value: values[i] ?? 0, day: days[i] ?? "" };
}

function Bars({
  values,
  band,
  className,
}: {
  values: number[];
  band: { top: number; bottom: number };
  className: string;
}) {
  const max = Math.max(...values, 0);
  const step = (PLOT.right - PLOT.left) / values.length;
  const gap = step > 4 ? 1 : 0;
  return (
    <g className={className}>
      <line
        x1={PLOT.left}
        x2={PLOT.right}
        y1={band.bottom}
        y2={band.bottom}
        className="cost-chart-axis"
      />
      {max > 0 ? (
        // One path of every bar: a year of them is 365 elements less than as rects.
        <path
          d={values
            .map((v, i) => {
              if (v <= 0) return "";
              const h = ((band.bottom - band.top) * v) / max;
              const x = PLOT.left + i * step + gap / 2;
              const w = Math.max(step - gap, 0.5);
              return `M${round(x)} ${round(band.bottom - h)}h${round(w)}v${round(h)}h${round(-w)}z`;
            })
            .join("")}
        />
      ) : null}
    </g>
  );
}

function SourceChart({
  series,
  days,
  unit,
  withSite,
}: {
  series: ChartSeries;
  days: string[];
  unit: ChartUnit;
  withSite: boolean;
}) {
  const words = UNIT_WORDS[unit];
  const id = useId();
  const name = `${withSite ? `${series.siteId} · ` : ""}${channelSourceLabel(series.source)}`;
  const cost = peak(series.costWon, days);
  const leads = peak(series.leads, days);
  const total = sum(series.costWon);
  const desc =
    `비용 합계 ${formatWon(total)}, 접수 ${sum(series.leads).toLocaleString("ko-KR")}건. ` +
    (cost.value > 0
      ? `${words.peak} 비용 ${formatWon(cost.value)}(${formatKoreanDay(cost.day)}). `
      : "비용 없음. ") +
    (leads.value > 0
      ? `${words.peak} 접수 ${leads.value.toLocaleString("ko-KR")}건(${formatKoreanDay(leads.day)}).`
      : "접수 없음.");
  return (
    <figure className="cost-chart">
      <figcaption className="cost-chart-name">{name}</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="cost-chart-svg"
      >
        <title id={`${id}-title`}>{`${name} ${words.title} 비용과 접수`}</title>
        <desc id={`${id}-desc`}>{desc}</desc>
        <text x={PLOT.left} y={14} className="cost-chart-label">
          비용 ({words.peak} {formatWon(cost.value)})
        </text>
        <Bars values={series.costWon} band={COST} className="cost-chart-cost" />
        <text x={PLOT.left} y={126} className="cost-chart-label">
          접수 ({words.peak} {leads.value.toLocaleString("ko-KR")}건)
        </text>
        <Bars values={series.leads} band={LEADS} className="cost-chart-leads" />
        <text x={PLOT.left} y={H - 6} className="cost-chart-day">
          {shortDay(days[0]!)}
        </text>
        <text x={PLOT.right} y={H - 6} textAnchor="end" className="cost-chart-day">
          {shortDay(days.at(-1)!)}
        </text>
      </svg>
    </figure>
  );
}

/** The charts of every source, and their figures as a table under 표로 보기. */
export function CostChart({
  days,
  unit,
  series,
  withSite,
}: {
  days: string[];
  /** A bar per day, or per week (its first day in `days`). */
  unit: ChartUnit;
  series: ChartSeries[];
  withSite: boolean;
}) {
  const words = UNIT_WORDS[unit];
  if (series.length === 0)
    return <p className="channel-note">이 기간에 비용과 접수가 없어 그래프가 없습니다.</p>;
  const name = (s: ChartSeries) =>
    `${withSite ? `${s.siteId} · ` : ""}${channelSourceLabel(s.source)}`;
  return (
    <>
      <div className="cost-charts">
        {series.map((s) => (
          <SourceChart
            key={`${s.siteId} ${s.source}`}
            series={s}
            days={days}
            unit={unit}
            withSite={withSite}
          />
        ))}
      </div>
      <details className="cost-chart-table">
        <summary>표로 보기</summary>
        <div
          className="channel-table-wrap"
          role="region"
          aria-label={`${words.title} 비용과 접수 표`}
          tabIndex={0}
        >
          <table className="admin-table channel-table">
            <caption className="sr-only">{words.table} 유입 경로별 비용과 접수</caption>
            <thead>
              <tr>
                <th scope="col" className="channel-source">
                  {words.rows}
                </th>
                {series.map((s) => [
                  <th key={`${s.siteId} ${s.source} cost`} scope="col" className="num">
                    {name(s)} 비용
                  </th>,
                  <th key={`${s.siteId} ${s.source} leads`} scope="col" className="num">
                    {name(s)} 접수
                  </th>,
                ])}
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day}>
                  <th scope="row" className="channel-source">
                    {formatKoreanDay(day)}
                  </th>
                  {series.map((s) => [
                    <td key={`${s.siteId} ${s.source} cost`} className="num">
                      {formatWon(s.costWon[i]!)}
                    </td>,
                    <td key={`${s.siteId} ${s.source} leads`} className="num">
                      {s.leads[i]!.toLocaleString("ko-KR")}
                    </td>,
                  ])}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
