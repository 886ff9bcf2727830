import { useId, type ReactNode } from "react";
import { data, Form, Link, redirect } from "react-router";
import { FormMessage } from "~/components/admin/form-message";
import { scopeName, SiteChoiceField, type SiteChoice } from "~/components/admin/site-choice";
import { CardStatus, NextContact, PersonLink } from "~/crm/customer-bits";
import type { Route } from "./+types/leads";
import { recentAccess, logAccess, type AccessAction } from "~/auth/access-log.server";
import { deskScope, deskSources } from "~/crm/lead-desk.server";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import type { Viewer } from "~/crm/calls.server";
import type { CardView, Queue } from "~/crm/card-view";
import { consultantNames, listCards, queueOf } from "~/crm/desk.server";
import { dueCounts } from "~/crm/digest.server";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { CALL_RESULT_LABEL } from "~/crm/crm";
import { formatKoreanDate, formatKoreanDateTime } from "~/lib/korean-time";
import {
  DESK_FILTERS,
  DESK_SITE_PARAM,
  DIRECT_SOURCE,
  deskFilterQuery,
  describeDeskFilter,
  messageState,
  NO_CONSULTANT,
  parseDeskFilter,
  siteLabel,
  sourceLabel,
  type DeskFilter,
  type DeskFilterDef,
  type SourceOptions,
} from "~/crm/lead-desk";
import { ALL_SITES } from "~/lib/sites";
import { field, requireForm } from "~/http/form.server";
import { clientIp } from "~/http/client-ip.server";
import { deskSiteChoice } from "~/console/console-site.server";
import { siteById } from "~/sites/registry.server";
import { requestSiteId } from "~/sites/request-site.server";
import { assignmentSettings, saveAssignment } from "~/crm/assignment.server";

/*
 * /admin/leads: the lead desk, people not rows. Two views:
 * - 대기열 (?view=queue; a consultant's desk opens on it): the consultant's new cards first, then
 *   the calls due by the end of today (Korean time), overdue ones marked. An administrator picks
 *   whose queue (?consultant=<id>, or none: cards nobody has).
 * - 전체 고객 (?view=all; an administrator's default): every card of the complex, latest touch
 *   first, 50 per page, the filters in the address (a GET form). A consultant sees other
 *   consultants' cards with their phone numbers masked.
 * Every view is written to the access log in the same request. An administrator also sets the
 * complex's assignment here (automatic round-robin, and who takes new leads).
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "상담 접수 관리");
export const headers = adminHeaders;

type View = "queue" | "all";

export async function loader({ request, context }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  const admin = await requireArea(request, siteId, "leads");
  const viewer: Viewer = admin;
  const url = new URL(request.url);
  const isConsultant = admin.role === "consultant";
  const view: View =
    url.searchParams.get("view") === "queue" ||
    (isConsultant && url.searchParams.get("view") !== "all")
      ? "queue"
      : "all";
  const filter = parseDeskFilter(url.searchParams);
  const { scope, choosable } = deskScope(admin, siteId, url.searchParams.get(DESK_SITE_PARAM));
  // The complex worked on: the one chosen (?site=, as the console's frame shows it), or the
  // host's under 모든 단지. Its consultants, queue, due calls and assignment are shown.
  const work = scope === ALL_SITES ? siteId : scope;
  const consultants = await consultantNames(work);
  const ip = clientIp(request, context);
  const common = {
    view,
    requestSite: siteId,
    work: { name: siteById(work)?.identity.name ?? work, site: work === siteId ? null : work },
    isConsultant,
    consultants: [...consultants].map(([id, email]) => ({ id, email })),
    due: await dueCounts(work, isConsultant ? admin.adminId : null),
    assignment: admin.role === "agency" ? await assignmentSettings(work) : null,
    assignmentSaved: url.searchParams.get("assignment") === "saved",
  };
  // Who opened which card is the administrators' to read, not every consultant's; read after this
  // view is written, so the record shows it.
  const log = async () => (isConsultant ? [] : await recentAccess(scope, 20));
  if (view === "queue") {
    // A consultant's own queue; an administrator chooses whose (or the cards nobody has).
    const chosen = filter.consultant ?? (isConsultant ? admin.adminId : NO_CONSULTANT);
    const whose = isConsultant ? admin.adminId : chosen === NO_CONSULTANT ? null : chosen;
    const queue = await queueOf(work, whose, viewer);
    await logAccess({
      scope: work,
      admin,
      action: "view",
      target: "상담 대기열",
      filter: whose ? (consultants.get(whose) ?? whose) : "미배정",
      rowCount: queue.fresh.length + queue.due.length,
      ip,
    });
    return data(
      { ...common, log: await log(), queue, whose, filter, list: null, site: null, sources: null },
      { headers: adminHeaders() },
    );
  }
  const result = await listCards(scope, filter, viewer, Number(url.searchParams.get("page")) || 1);
  await logAccess({
    scope,
    admin,
    action: "view",
    target: "고객 목록",
    filter:
      (scope !== siteId ? `단지=${siteLabel(scope)}, ` : "") +
      describeDeskFilter(filter, consultants) +
      (result.page > 1 ? ` (${result.page}쪽)` : ""),
    rowCount: result.cards.length,
    ip,
  });
  return data(
    {
      ...common,
      log: await log(),
      queue: null,
      whose: null,
      filter,
      list: result,
      site: choosable ? deskSiteChoice(admin, scope, siteId) : null,
      sources: await deskSources(scope),
    },
    { headers: adminHeaders() },
  );
}

/** The assignment settings (administrators of the complex). */
export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const hostSite = requestSiteId(request);
  const admin = await requireArea(request, hostSite, "leads");
  // The complex the desk works on (?site=, never 모든 단지): its assignment is saved.
  const requested = new URL(request.url).searchParams.get(DESK_SITE_PARAM);
  const { scope } = deskScope(admin, hostSite, requested === ALL_SITES ? null : requested);
  const siteId = scope === ALL_SITES ? hostSite : scope;
  const form = await requireForm(request, 64 * 1024);
  if (admin.role !== "agency")
    return data(
      { ok: false as const, message: "배정 설정은 에이전시 관리자만 바꿀 수 있습니다." },
      { status: 403, headers: adminHeaders() },
    );
  await saveAssignment(siteId, {
    autoAssign: field(form, "autoAssign") === "on",
    active: form.getAll("active").map(String),
  });
  const site = siteId === hostSite ? "" : `${DESK_SITE_PARAM}=${siteId}&`;
  throw redirect(`/admin/leads?${site}assignment=saved#assignment`, { headers: adminHeaders() });
}

const ACTION_LABEL: Record<AccessAction, string> = {
  view: "열람",
  download: "내려받기",
  update: "변경",
};

export default function AdminLeads({ loaderData, actionData }: Route.ComponentProps) {
  const { view, isConsultant, due, log, filter, site, list } = loaderData;
  // Another complex chosen stays in every link, form and the CSV address.
  const scoped: Record<string, string> =
    site && site.scope !== site.current ? { [DESK_SITE_PARAM]: site.scope } : {};
  const query = deskFilterQuery(filter, scoped);
  // The views keep the complex chosen (or 모든 단지).
  const kept = scoped[DESK_SITE_PARAM] ?? loaderData.work.site;
  const withWork = (view: string) =>
    kept ? `${view}&${DESK_SITE_PARAM}=${encodeURIComponent(kept)}` : view;
  const refused =
    actionData && "refused" in actionData
      ? actionData.formError
      : actionData && !actionData.ok
        ? actionData.message
        : undefined;
  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">상담 접수 관리</h1>
        <a
          href={`/admin/leads.csv${query ? `?${query}` : ""}`}
          className="btn btn-primary btn-small"
          download
        >
          CSV 내려받기{isConsultant ? " (내 고객)" : list ? ` (${list.total}명)` : ""}
        </a>
      </div>
      <FormMessage tone="error">{refused}</FormMessage>
      <p className="desk-due" role="status">
        {isConsultant ? "내 연락 예정" : "단지 전체 연락 예정"}: 오늘까지{" "}
        <strong>{due.due}명</strong>
        {due.overdue ? (
          <>
            {" "}
            · <strong className="is-overdue">지연 {due.overdue}명</strong>
          </>
        ) : null}
      </p>
      <nav className="desk-views" aria-label="보기">
        <Link
          to={`/admin/leads?${withWork("view=queue")}`}
          aria-current={view === "queue" ? "page" : undefined}
        >
          {isConsultant ? "내 대기열" : "대기열"}
        </Link>
        <Link
          to={`/admin/leads?${withWork("view=all")}`}
          aria-current={view === "all" ? "page" : undefined}
        >
          전체 고객
        </Link>
      </nav>
      {view === "queue" ? (
        <QueueView data={loaderData} />
      ) : (
        <ListView data={loaderData} query={query} scoped={scoped} />
      )}
      {loaderData.assignment ? (
        <AssignmentSettings
          settings={loaderData.assignment}
          saved={loaderData.assignmentSaved}
          work={loaderData.work}
        />
      ) : null}
      {isConsultant ? null : (
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
      )}
    </>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function QueueView({ data: d }: { data: LoaderData }) {
  const queue = d.queue as Queue;
  const id = useId();
  const whose = d.whose ?? NO_CONSULTANT;
  return (
    <>
      {d.isConsultant ? null : (
        <Form method="get" action="/admin/leads" className="desk-filters" aria-label="대기열 선택">
          <input type="hidden" name="view" value="queue" />
          {d.work.site ? <input type="hidden" name={DESK_SITE_PARAM} value={d.work.site} /> : null}
          <div className="field desk-filter is-select">
            <label htmlFor={`${id}-whose`}>상담원</label>
            <select id={`${id}-whose`} name="consultant" defaultValue={d.whose ?? NO_CONSULTANT}>
              <option value={NO_CONSULTANT}>미배정</option>
              {d.consultants.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.email}
                </option>
              ))}
            </select>
          </div>
          <div className="desk-filter-actions">
            <button type="submit" className="btn btn-primary btn-small">
              보기
            </button>
          </div>
        </Form>
      )}
      <QueueSection
        title={`새 접수 (${queue.counts.fresh}명)`}
        cards={queue.fresh}
        total={queue.counts.fresh}
        caption="새 접수, 먼저 들어온 순"
        empty="새로 들어온 고객이 없습니다."
        more={`/admin/leads?view=all&status=new&consultant=${whose}`}
        requestSite={d.requestSite}
      />
      <QueueSection
        title={`오늘 연락할 고객 (${queue.counts.due}명${queue.counts.overdue ? `, 지연 ${queue.counts.overdue}명` : ""})`}
        cards={queue.due}
        total={queue.counts.due}
        caption="오늘 연락할 고객, 연락 예정 순"
        empty="오늘 연락할 고객이 없습니다."
        more={`/admin/leads?view=all&due=today&consultant=${whose}`}
        requestSite={d.requestSite}
      />
    </>
  );
}

/** One part of a queue: its table, and a link to the rest when it holds more than a page. */
function QueueSection({
  title,
  cards,
  total,
  caption,
  empty,
  more,
  requestSite,
}: {
  title: string;
  cards: CardView[];
  total: number;
  caption: string;
  empty: string;
  more: string;
  requestSite: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="admin-subtitle">
        {title}
      </h2>
      <CardTable cards={cards} caption={caption} empty={empty} requestSite={requestSite} />
      {total > cards.length ? (
        <p className="desk-more">
          <Link to={more}>나머지 {total - cards.length}명은 전체 고객에서 보기</Link>
        </p>
      ) : null}
    </section>
  );
}

function ListView({
  data: d,
  query,
  scoped,
}: {
  data: LoaderData;
  query: string;
  scoped: Record<string, string>;
}) {
  const list = d.list!;
  const deskHref = (extra: Record<string, string> = {}) => {
    const q = deskFilterQuery(d.filter, { view: "all", ...scoped, ...extra });
    return `/admin/leads?${q}`;
  };
  const names = new Map(d.consultants.map((c) => [c.id, c.email]));
  return (
    <>
      {/* A new form per address, so the fields always show the filters in effect (초기화, back). */}
      <DeskFilters
        key={query}
        filter={d.filter}
        sources={d.sources!}
        site={d.site}
        consultants={d.consultants}
      />
      <p className="admin-summary" role="status">
        {d.site ? `${scopeName(d.site)} · ` : ""}
        {describeDeskFilter(d.filter, names)} · {list.total.toLocaleString("ko-KR")}명
        {list.pages > 1 ? ` · ${list.page}/${list.pages}쪽` : ""}
      </p>
      <CardTable
        cards={list.cards}
        caption="고객 목록, 최근 접수·통화 순"
        empty="조건에 맞는 고객이 없습니다."
        requestSite={d.requestSite}
        withSite={d.site?.scope === ALL_SITES}
      />
      {list.pages > 1 ? (
        <nav className="admin-pager" aria-label="쪽 이동">
          {list.page > 1 ? <Link to={deskHref({ page: String(list.page - 1) })}>이전</Link> : null}
          <span>
            {list.page} / {list.pages}
          </span>
          {list.page < list.pages ? (
            <Link to={deskHref({ page: String(list.page + 1) })}>다음</Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

type Column = {
  key: string;
  label: string;
  cell: (c: CardView, requestSite: string) => ReactNode;
  className?: string;
};

/** The desk's columns. Adding a column: one entry. */
const COLUMNS: Column[] = [
  {
    key: "lastAt",
    label: "최근 접촉",
    cell: (c) => <When at={c.lastAt} />,
    className: "desk-created",
  },
  {
    key: "name",
    label: "이름",
    cell: (c, requestSite) => <PersonLink card={c} requestSite={requestSite} />,
    className: "nowrap",
  },
  {
    key: "phone",
    label: "연락처",
    cell: (c) => (c.own ? <a href={`tel:${c.phone.replace(/-/g, "")}`}>{c.phone}</a> : c.phone),
    className: "nowrap",
  },
  { key: "status", label: "상태", cell: (c) => <CardStatus status={c.status} /> },
  { key: "interest", label: "관심도", cell: (c) => c.interest ?? "—", className: "nowrap" },
  {
    key: "consultant",
    label: "담당",
    cell: (c) => c.consultantEmail ?? "미배정",
    className: "desk-consultant",
  },
  {
    key: "touches",
    label: "접수·통화",
    cell: (c) => `접수 ${c.touches} · 통화 ${c.calls}`,
    className: "nowrap",
  },
  {
    key: "lastResult",
    label: "최근 결과",
    cell: (c) => (c.lastResult ? CALL_RESULT_LABEL[c.lastResult] : "—"),
    className: "nowrap",
  },
  { key: "next", label: "다음 연락", cell: (c) => <NextContact card={c} /> },
  { key: "latest", label: "최근 접수", cell: (c) => <LatestCell card={c} /> },
  {
    key: "source",
    label: "유입 경로",
    cell: (c) => sourceLabel(c.source),
    className: "desk-origin",
  },
];

function CardTable({
  cards,
  caption,
  empty,
  requestSite,
  withSite = false,
}: {
  cards: CardView[];
  requestSite: string;
  caption: string;
  empty: string;
  withSite?: boolean;
}) {
  const columns: Column[] = withSite
    ? [{ key: "site", label: "단지", cell: (c) => c.siteId, className: "nowrap" }, ...COLUMNS]
    : COLUMNS;
  return (
    <div className="desk-table-wrap">
      <table className="admin-table admin-cards desk-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cards.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="admin-empty">
                {empty}
              </td>
            </tr>
          ) : (
            cards.map((card) => (
              <tr key={card.id} id={`card-${card.id}`} className={card.overdue ? "is-overdue" : ""}>
                {columns.map((c) => (
                  <td key={c.key} data-label={c.label} className={c.className}>
                    {c.cell(card, requestSite)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** When: the date, and the time below it when the column is narrow (one element: a card's cell is a grid). */
function When({ at }: { at: string }) {
  const day = formatKoreanDate(at);
  return (
    <span>
      <span className="nowrap">{day}</span>{" "}
      <span className="nowrap">{formatKoreanDateTime(at).slice(day.length + 1)}</span>
    </span>
  );
}

/** The latest lead: its form, its booked visit, its confirmation's state. */
function LatestCell({ card }: { card: CardView }) {
  const l = card.latest;
  if (!l) return "—";
  const confirmation = l.confirmation ? messageState(l.confirmation) : null;
  return (
    <span className="desk-messages">
      <span className="nowrap">{l.kindLabel}</span>
      {confirmation ? (
        <span className={`state-badge is-message-${confirmation.tone}`}>{confirmation.text}</span>
      ) : null}
      {l.visitCancelled ? <span className="state-badge is-cancelled">예약 취소</span> : null}
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
  consultants,
}: {
  filter: DeskFilter;
  sources: SourceOptions;
  site: SiteChoice | null;
  consultants: { id: string; email: string }[];
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
                {consultants.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.email}
                  </option>
                ))}
              </select>
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
        <Link to="/admin/leads?view=all" className="btn btn-outline btn-small">
          초기화
        </Link>
      </div>
    </Form>
  );
}

/** 자동 배정 and who takes new leads (administrators). Works without JavaScript. */
function AssignmentSettings({
  settings,
  saved,
  work,
}: {
  settings: NonNullable<LoaderData["assignment"]>;
  saved: boolean;
  work: LoaderData["work"];
}) {
  const id = useId();
  return (
    <section className="desk-assignment" id="assignment" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-subtitle">
        상담원 배정 · {work.name}
      </h2>
      <FormMessage tone="ok" focus>
        {saved ? "배정 설정을 저장했습니다." : null}
      </FormMessage>
      {settings.consultants.length === 0 ? (
        <p className="admin-help">
          이 단지에 상담원 계정이 없습니다. 계정 관리에서 상담원을 초대하면 새 접수를 나눠 줄 수
          있습니다.
        </p>
      ) : (
        <Form
          method="post"
          action={`/admin/leads${work.site ? `?${DESK_SITE_PARAM}=${work.site}` : ""}`}
          className="desk-assignment-form"
        >
          <p className="field-check">
            <input
              type="checkbox"
              id={`${id}-auto`}
              name="autoAssign"
              defaultChecked={settings.autoAssign}
            />
            <label htmlFor={`${id}-auto`}>
              새 접수를 상담원에게 차례로 자동 배정 (아래에서 선택한 상담원)
            </label>
          </p>
          <fieldset>
            <legend>새 접수를 받는 상담원</legend>
            {settings.consultants.map((c) => (
              <p key={c.id} className="field-check">
                <input
                  type="checkbox"
                  id={`${id}-${c.id}`}
                  name="active"
                  value={c.id}
                  defaultChecked={c.active}
                />
                <label htmlFor={`${id}-${c.id}`}>
                  {c.email}
                  {c.hasPhone ? "" : " (휴대폰 번호 없음: 아침 알림을 받지 못합니다)"}
                </label>
              </p>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-primary btn-small">
            배정 설정 저장
          </button>
        </Form>
      )}
    </section>
  );
}
