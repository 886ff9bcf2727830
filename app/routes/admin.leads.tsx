import { useEffect, useId, useRef, type ReactNode } from "react";
import { data, Form, Link, useFetcher, type ShouldRevalidateFunction } from "react-router";
import { FormMessage } from "~/components/admin/form-message";
import { SiteChoiceField, type SiteChoice } from "~/components/admin/site-choice";
import type { Route } from "./+types/admin.leads";
import { recentAccess, logAccess, type AccessAction } from "~/admin/access-log.server";
import {
  deskScope,
  deskSites,
  deskSources,
  deskView,
  listDeskLeads,
  updateLeadDesk,
  type DeskLeadView,
} from "~/admin/lead-desk.server";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { busyButton, refuseWhileBusy } from "~/lib/busy-form";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { siteFrom } from "~/lib/site";
import { formatKoreanDate, formatKoreanDateTime } from "~/lib/korean-date";
import {
  DESK_FILTERS,
  DESK_MESSAGES,
  DESK_SITE_PARAM,
  DIRECT_SOURCE,
  deskFilterQuery,
  describeDeskFilter,
  LEAD_KIND_LABEL,
  LEAD_STATUS_LABEL,
  LEAD_STATUSES,
  MEMO_MAX,
  messageState,
  originText,
  parseDeskFilter,
  siteLabel,
  sourceLabel,
  type DeskFilter,
  type DeskFilterDef,
  type SourceOptions,
} from "~/lib/lead-desk";
import { telHref } from "~/lib/phone";
import { ALL_SITES } from "~/lib/sites";
import { formatSlot, slotKeyOf } from "~/lib/visit-slots";
import { readForm, field } from "~/http/form.server";
import { clientIp } from "~/http/client-ip.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * /admin/leads: the lead desk. Newest first, 50 per page, filters and search in the address (a GET
 * form), a status and memo per lead saved at once, CSV of the filtered list, and the access log.
 * Every view, download and change is written to the access log in the same request. The request's
 * complex only; an administrator of every complex may choose another or 모든 단지 (?site=*), with a
 * 단지 column.
 */

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(siteFrom(matches), "상담 접수 관리");
export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  const admin = await requireArea(request, siteId, "leads");
  const url = new URL(request.url);
  const filter = parseDeskFilter(url.searchParams);
  const { scope, choosable } = deskScope(admin, siteId, url.searchParams.get(DESK_SITE_PARAM));
  const result = await listDeskLeads(scope, filter, Number(url.searchParams.get("page")) || 1);
  await logAccess({
    scope,
    admin,
    action: "view",
    target: "상담 접수 목록",
    // Whose leads is the row's site_id; the text names the complex when it is not the request's.
    filter:
      (scope !== siteId ? `단지=${siteLabel(scope)}, ` : "") +
      describeDeskFilter(filter) +
      (result.page > 1 ? ` (${result.page}쪽)` : ""),
    rowCount: result.leads.length,
    ip: clientIp(request, context),
  });
  return data(
    {
      filter,
      total: result.total,
      page: result.page,
      pages: result.pages,
      leads: result.leads.map(deskView),
      // The complex choice: only for an administrator of every complex, once there is a choice.
      site: choosable ? await siteChoice(scope, siteId) : null,
      sources: await deskSources(scope),
      log: await recentAccess(scope, 20),
    },
    { headers: adminHeaders() },
  );
}

/** The complexes to choose from, or null while the request's complex is the only one with leads. */
async function siteChoice(scope: string, current: string) {
  const choices = await deskSites(current);
  return choices.length > 1 || scope !== current ? { scope, current, choices } : null;
}

type SaveAnswer =
  | { ok: true; id: string; lead: DeskLeadView; message: string }
  | { ok: false; id: string; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const siteId = requestSiteId(request);
  const admin = await requireArea(request, siteId, "leads");
  const { scope } = deskScope(
    admin,
    siteId,
    new URL(request.url).searchParams.get(DESK_SITE_PARAM),
  );
  const read = await readForm(request, 64 * 1024);
  const form = read.ok ? read.form : new FormData();
  const id = field(form, "id");
  const result = await updateLeadDesk(scope, id, {
    status: field(form, "status"),
    memo: field(form, "memo"),
  });
  if (!result.ok)
    return data<SaveAnswer>(
      { ok: false, id, message: result.message },
      { status: 400, headers: adminHeaders() },
    );
  await logAccess({
    scope: result.lead.siteId,
    admin,
    action: "update",
    target: `${result.lead.name} (${result.lead.phone})`,
    filter: result.changed.join(", ") || "변경 없음",
    rowCount: 1,
    ip: clientIp(request, context),
  });
  return data<SaveAnswer>(
    { ok: true, id, lead: deskView(result.lead), message: DESK_MESSAGES.saved },
    { headers: adminHeaders() },
  );
}

/** Saving a lead answers with the saved row: the list is not loaded (and logged) again for it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  formAction,
  currentUrl,
  defaultShouldRevalidate,
}) => {
  if (
    formMethod?.toUpperCase() === "POST" &&
    formAction &&
    new URL(formAction, currentUrl).pathname === "/admin/leads"
  )
    return false;
  return defaultShouldRevalidate;
};

type Column = {
  key: string;
  label: string;
  cell: (l: DeskLeadView) => ReactNode;
  className?: string;
};

/** First under 모든 단지: whose lead it is. */
const SITE_COLUMN: Column = {
  key: "site",
  label: "단지",
  cell: (l) => l.siteId,
  className: "nowrap",
};

/** The desk's columns (the status and memo column comes last). Adding a column: one entry. */
const COLUMNS: Column[] = [
  {
    key: "createdAt",
    label: "접수일시",
    cell: (l) => <Created at={l.createdAt} />,
    className: "desk-created",
  },
  {
    key: "kind",
    label: "구분",
    cell: (l) => LEAD_KIND_LABEL[l.kind] ?? l.kind,
    className: "nowrap",
  },
  { key: "name", label: "이름", cell: (l) => l.name, className: "nowrap" },
  {
    key: "phone",
    label: "연락처",
    cell: (l) => <a href={telHref(l.phone)}>{l.phone}</a>,
    className: "nowrap",
  },
  { key: "message", label: "문의내용", cell: (l) => l.message || "—", className: "desk-message" },
  { key: "visit", label: "방문 예약", cell: (l) => <VisitCell lead={l} /> },
  { key: "messages", label: "확인 문자", cell: (l) => <MessagesCell lead={l} /> },
  { key: "origin", label: "유입 경로", cell: (l) => originText(l), className: "desk-origin" },
  { key: "source", label: "접수 페이지", cell: (l) => l.source, className: "desk-page" },
  { key: "shownPhone", label: "표시 번호", cell: (l) => l.shownPhone ?? "—", className: "nowrap" },
  { key: "sms", label: "SMS 동의", cell: (l) => (l.smsConsent ? "동의" : "미동의") },
];

const ACTION_LABEL: Record<AccessAction, string> = {
  view: "열람",
  download: "내려받기",
  update: "변경",
};

export default function AdminLeads({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, total, page, pages, leads, site, sources, log } = loaderData;
  // Another complex chosen stays in every link, form and the CSV address.
  const scoped: Record<string, string> =
    site && site.scope !== site.current ? { [DESK_SITE_PARAM]: site.scope } : {};
  const query = deskFilterQuery(filter, scoped);
  const deskHref = (extra: Record<string, string> = {}) => {
    const q = deskFilterQuery(filter, { ...scoped, ...extra });
    return q ? `/admin/leads?${q}` : "/admin/leads";
  };
  const columns = site?.scope === ALL_SITES ? [SITE_COLUMN, ...COLUMNS] : COLUMNS;
  const refused = actionData && "refused" in actionData ? actionData.formError : undefined;
  const noScriptAnswer = actionData && "id" in actionData ? actionData : undefined;
  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">상담 접수 관리</h1>
        <a
          href={`/admin/leads.csv${query ? `?${query}` : ""}`}
          className="btn btn-primary btn-small"
          download
        >
          CSV 내려받기 ({total}건)
        </a>
      </div>
      <FormMessage tone="error">{refused}</FormMessage>
      {/* A new form per address, so the fields always show the filters in effect (초기화, back). */}
      <DeskFilters key={query} filter={filter} sources={sources} site={site} />
      <p className="admin-summary" role="status">
        {site ? `${siteLabel(site.scope)} · ` : ""}
        {describeDeskFilter(filter)} · {total.toLocaleString("ko-KR")}건
        {pages > 1 ? ` · ${page}/${pages}쪽` : ""}
      </p>
      <div className="desk-table-wrap">
        <table className="admin-table admin-cards desk-table">
          <caption className="sr-only">상담 접수 목록, 최신순</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.label}
                </th>
              ))}
              <th scope="col">상태 · 메모</th>
            </tr>
          </thead>
          <tbody>
            {leads.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 1} className="admin-empty">
                  조건에 맞는 접수가 없습니다.
                </td>
              </tr>
            ) : (
              leads.map((lead) => (
                <LeadRow
                  key={lead.id}
                  lead={lead}
                  columns={columns}
                  action={deskHref(page > 1 ? { page: String(page) } : {})}
                  answer={noScriptAnswer?.id === lead.id ? noScriptAnswer : undefined}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className="admin-pager" aria-label="쪽 이동">
          {page > 1 ? <Link to={deskHref({ page: String(page - 1) })}>이전</Link> : null}
          <span>
            {page} / {pages}
          </span>
          {page < pages ? <Link to={deskHref({ page: String(page + 1) })}>다음</Link> : null}
        </nav>
      ) : null}
      <section className="access-log" aria-labelledby="access-log-title">
        <h2 id="access-log-title" className="admin-subtitle">
          개인정보 열람 기록 (최근 20건)
        </h2>
        <div className="admin-table-wrap">
          <table className="admin-table admin-cards access-log-table">
            <thead>
              <tr>
                <th scope="col">일시</th>
                <th scope="col">관리자</th>
                <th scope="col">작업</th>
                <th scope="col">대상</th>
                <th scope="col">조건·내용</th>
                <th scope="col">건수</th>
              </tr>
            </thead>
            <tbody>
              {log.map((e) => (
                <tr key={e.id}>
                  <td className="nowrap" data-label="일시">
                    {formatKoreanDateTime(e.at)}
                  </td>
                  <td data-label="관리자">{e.adminEmail}</td>
                  <td data-label="작업">{ACTION_LABEL[e.action]}</td>
                  <td data-label="대상">{e.target}</td>
                  <td data-label="조건·내용">{e.filter}</td>
                  <td className="num" data-label="건수">
                    {e.rowCount}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

/** When a lead arrived: the date, and the time below it when the column is narrow (one element: a card's cell is a grid). */
function Created({ at }: { at: string }) {
  const day = formatKoreanDate(at);
  return (
    <span>
      <span className="nowrap">{day}</span>{" "}
      <span className="nowrap">{formatKoreanDateTime(at).slice(day.length + 1)}</span>
    </span>
  );
}

/** The booked visit: "11월 24일(화) 12:00", marked 취소됨 when the visitor cancelled it. */
function VisitCell({ lead }: { lead: DeskLeadView }) {
  if (!lead.visitAt) return "—";
  const slot = formatSlot(slotKeyOf(new Date(lead.visitAt)));
  if (!lead.visitCancelledAt) return <span className="nowrap">{slot}</span>;
  return (
    <span className="desk-visit is-cancelled">
      <s className="nowrap">{slot}</s> <span className="state-badge is-cancelled">취소됨</span>
    </span>
  );
}

/**
 * The visitor's confirmation as its badge ("알림톡 도착", "문자로 대체", "실패 (3104)"…), and below
 * it, smaller, the staff alerts' states ("직원 알림: 알림톡 도착 2").
 */
function MessagesCell({ lead }: { lead: DeskLeadView }) {
  const messages = lead.messages ?? [];
  const confirmation = messages.filter((m) => m.purpose === "confirmation").at(-1);
  const staff = new Map<string, number>();
  for (const m of messages)
    if (m.purpose === "staff") {
      const { text } = messageState(m);
      staff.set(text, (staff.get(text) ?? 0) + 1);
    }
  if (!confirmation && staff.size === 0) return "—";
  const shown = confirmation ? messageState(confirmation) : null;
  return (
    <span className="desk-messages">
      {shown ? (
        <span className={`state-badge is-message-${shown.tone}`}>{shown.text}</span>
      ) : (
        <span className="nowrap">—</span>
      )}
      {staff.size ? (
        <small className="desk-staff-messages">
          직원 알림: {[...staff].map(([text, n]) => (n > 1 ? `${text} ${n}` : text)).join(", ")}
        </small>
      ) : null}
    </span>
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
  // Inside its group a referring site needs no "(유입 사이트)".
  const option = (v: string, label = sourceLabel(v)) => (
    <option key={v} value={v}>
      {label}
    </option>
  );
  return (
    <select id={id} name="source" defaultValue={value}>
      <option value="">전체</option>
      {value && !known.includes(value) ? option(value) : null}
      {utm.length ? (
        <optgroup label="광고·캠페인 (utm_source)">{utm.map((v) => option(v))}</optgroup>
      ) : null}
      {referrers.length ? (
        <optgroup label="유입 사이트">{referrers.map((v) => option(v, v.slice(4)))}</optgroup>
      ) : null}
      {sources.direct ? option(DIRECT_SOURCE) : null}
    </select>
  );
}

function DeskFilters({
  filter,
  sources,
  site,
}: {
  filter: DeskFilter;
  sources: SourceOptions;
  site: SiteChoice | null;
}) {
  const id = useId();
  return (
    <Form
      method="get"
      action="/admin/leads"
      className="desk-filters"
      role="search"
      aria-label="접수 검색"
    >
      {site ? <SiteChoiceField id={`${id}-site`} site={site} /> : null}
      {(DESK_FILTERS as readonly DeskFilterDef[]).map((def) => {
        const fid = `${id}-${def.name}`;
        const value = filter[def.name as keyof DeskFilter] ?? "";
        return (
          <div key={def.name} className={`field desk-filter is-${def.type}`}>
            <label htmlFor={fid}>{def.label}</label>
            {def.type === "source" ? (
              <SourceSelect id={fid} value={value} sources={sources} />
            ) : def.type === "select" ? (
              <select id={fid} name={def.name} defaultValue={value}>
                <option value="">전체</option>
                {def.options.map(([v, label]) => (
                  <option key={v} value={v}>
                    {label}
                  </option>
                ))}
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
        <Link to="/admin/leads" className="btn btn-outline btn-small">
          초기화
        </Link>
      </div>
    </Form>
  );
}

/** One lead: its cells and a form for status and memo. With JavaScript a status change saves at once. */
function LeadRow({
  lead: loaded,
  columns,
  action,
  answer,
}: {
  lead: DeskLeadView;
  columns: Column[];
  action: string;
  answer?: SaveAnswer;
}) {
  const fetcher = useFetcher<SaveAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.data ?? answer;
  // A saved lead comes back with its messages as they are now.
  const lead = result?.ok ? result.lead : loaded;
  const busy = fetcher.state !== "idle";
  const id = useId();
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) messageRef.current?.focus();
  }, [fetcher.state, fetcher.data]);
  return (
    <tr id={`lead-${lead.id}`}>
      {columns.map((c) => (
        <td key={c.key} data-label={c.label} className={c.className}>
          {c.cell(lead)}
        </td>
      ))}
      <td data-label="상태 · 메모" className="desk-edit">
        <fetcher.Form
          method="post"
          action={action}
          ref={formRef}
          className="desk-edit-form"
          aria-label={`${lead.name} 상태와 메모`}
          onSubmit={refuseWhileBusy(busy)}
        >
          <input type="hidden" name="id" value={lead.id} />
          <label htmlFor={`${id}-status`} className="sr-only">
            상태
          </label>
          <select
            id={`${id}-status`}
            name="status"
            defaultValue={lead.status}
            key={`${lead.status}-${lead.statusAt}`}
            className={`status-select is-${lead.status}`}
            onChange={(e) => fetcher.submit(e.currentTarget.form)}
          >
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-memo`} className="sr-only">
            메모
          </label>
          <input
            id={`${id}-memo`}
            name="memo"
            defaultValue={lead.memo}
            key={lead.memoAt ?? "memo"}
            maxLength={MEMO_MAX}
            placeholder="메모"
            className="memo-input"
          />
          <button type="submit" className="btn btn-outline btn-small" {...busyButton(busy)}>
            {busy ? "저장 중…" : "저장"}
          </button>
          <p
            className={`desk-save-message ${result && !result.ok ? "is-error" : ""}`}
            ref={messageRef}
            tabIndex={-1}
            role="status"
          >
            {busy ? "" : (result?.message ?? "")}
            {!busy && result?.ok && lead.statusAt ? (
              <span className="sr-only"> ({LEAD_STATUS_LABEL[lead.status]})</span>
            ) : null}
          </p>
        </fetcher.Form>
      </td>
    </tr>
  );
}
