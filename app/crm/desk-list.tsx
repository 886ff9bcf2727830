import { useId } from "react";
import { Form, Link } from "react-router";
import { Options } from "~/components/admin/options";
import { Pager } from "~/components/admin/pager";
import { scopeName, SiteChoiceField, type SiteChoice } from "~/components/admin/site-choice";
import {
  DESK_FILTERS,
  DIRECT_SOURCE,
  deskFilterQuery,
  describeDeskFilter,
  NO_CONSULTANT,
  sourceLabel,
  type DeskFilter,
  type DeskFilterDef,
  type SourceOptions,
} from "~/crm/lead-desk";
import { ALL_SITES } from "~/lib/sites";
import type { CardView } from "./card-view";
import { CardTable } from "./desk-table";

/*
 * 전체 고객: every card of the complex (or of every complex), latest touch first, 50 a page; the
 * filters are a GET form, so the address holds them.
 */

type Consultant = { id: string; email: string };

export function ListView({
  list,
  filter,
  sources,
  site,
  consultants,
  requestSite,
  query,
  scoped,
}: {
  list: { cards: CardView[]; total: number; page: number; pages: number };
  filter: DeskFilter;
  sources: SourceOptions;
  site: SiteChoice | null;
  consultants: Consultant[];
  requestSite: string;
  /** The filters in effect as an address's query. */
  query: string;
  /** Another complex chosen, kept in the pages' links. */
  scoped: Record<string, string>;
}) {
  const deskHref = (extra: Record<string, string> = {}) => {
    const q = deskFilterQuery(filter, { view: "all", ...scoped, ...extra });
    return `/admin/leads?${q}`;
  };
  const names = new Map(consultants.map((c) => [c.id, c.email]));
  return (
    <>
      {/* A new form per address, so the fields always show the filters in effect (초기화, back). */}
      <DeskFilters
        key={query}
        filter={filter}
        sources={sources}
        site={site}
        consultants={consultants}
      />
      <p className="admin-summary" role="status">
        {site ? `${scopeName(site)} · ` : ""}
        {describeDeskFilter(filter, names)} · {list.total.toLocaleString("ko-KR")}명
        {list.pages > 1 ? ` · ${list.page}/${list.pages}쪽` : ""}
      </p>
      <CardTable
        cards={list.cards}
        caption="고객 목록, 최근 접수·통화 순"
        empty="조건에 맞는 고객이 없습니다."
        requestSite={requestSite}
        withSite={site?.scope === ALL_SITES}
      />
      <Pager
        page={list.page}
        pages={list.pages}
        href={(page) => deskHref({ page: String(page) })}
      />
    </>
  );
}

/** The source filter's choices: the sources present, and the one in effect even when none is left. */
function SourceSelect({
  id,
  value,
  sources,
}: {
  id: string;
  value: string;
  sources: SourceOptions;
}) {
  const utm = sources.utm.map((v) => `utm:${v}`);
  const referrers = sources.referrers.map((v) => `ref:${v}`);
  const known = [...utm, ...referrers, ...(sources.direct ? [DIRECT_SOURCE] : [])];
  const labelled = (values: string[]) => values.map((v) => [v, sourceLabel(v)] as const);
  return (
    <select id={id} name="source" defaultValue={value}>
      <option value="">전체</option>
      {value && !known.includes(value) ? <Options items={labelled([value])} /> : null}
      {utm.length ? (
        <optgroup label="광고·캠페인 (utm_source)">
          <Options items={labelled(utm)} />
        </optgroup>
      ) : null}
      {referrers.length ? (
        <optgroup label="유입 사이트">
          {/* Inside its group a referring site needs no "(유입 사이트)". */}
          <Options items={referrers.map((v) => [v, v.slice(4)])} />
        </optgroup>
      ) : null}
      {sources.direct ? <Options items={labelled([DIRECT_SOURCE])} /> : null}
    </select>
  );
}

function DeskFilters({
  filter,
  sources,
  site,
  consultants,
}: {
  filter: DeskFilter;
  sources: SourceOptions;
  site: SiteChoice | null;
  consultants: Consultant[];
}) {
  const id = useId();
  return (
    <Form
      method="get"
      action="/admin/leads"
      className="desk-filters"
      role="search"
      aria-label="고객 검색"
    >
      <input type="hidden" name="view" value="all" />
      {site ? <SiteChoiceField id={`${id}-site`} site={site} /> : null}
      {(DESK_FILTERS as readonly DeskFilterDef[]).map((def) => {
        const fid = `${id}-${def.name}`;
        const value = filter[def.name as keyof DeskFilter] ?? "";
        return (
          <div key={def.name} className={`field desk-filter is-${def.type}`}>
            <label htmlFor={fid}>{def.label}</label>
            {def.type === "source" ? (
              <SourceSelect id={fid} value={value} sources={sources} />
            ) : def.type === "consultant" ? (
              <select id={fid} name={def.name} defaultValue={value}>
                <option value="">전체</option>
                <option value={NO_CONSULTANT}>미배정</option>
                <Options items={consultants.map((c) => [c.id, c.email])} />
              </select>
            ) : def.type === "select" ? (
              <select id={fid} name={def.name} defaultValue={value}>
                <option value="">전체</option>
                <Options items={def.options} />
              </select>
            ) : (
              <input
                id={fid}
                name={def.name}
                type={def.type}
                defaultValue={value}
                placeholder={def.type === "search" ? def.placeholder : undefined}
              />
            )}
          </div>
        );
      })}
      <div className="desk-filter-actions">
        <button type="submit" className="btn btn-primary btn-small">
          조회
        </button>
        <Link to="/admin/leads?view=all" className="btn btn-outline btn-small">
          초기화
        </Link>
      </div>
    </Form>
  );
}
