import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/leads";
import { AdminHead } from "~/components/admin/admin-head";
import { FormMessage } from "~/components/admin/form-message";
import { AccessLog } from "~/crm/access-log";
import { AssignmentSettings } from "~/crm/desk-assignment";
import { ListView } from "~/crm/desk-list";
import { QueueView } from "~/crm/desk-queue";
import { recentAccess } from "~/auth/access-log.server";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import {
  assignmentSettings,
  leadSettings,
  saveAssignment,
  saveLeadSettings,
} from "~/crm/assignment.server";
import { LEAD_SETTINGS_MESSAGES, LeadSettingsForm } from "~/crm/desk-lead-settings";
import { consultantNames } from "~/crm/desk.server";
import { readList, readQueue } from "~/crm/desk-views.server";
import { dueCounts } from "~/crm/digest.server";
import { deskScope, deskSources } from "~/crm/lead-desk.server";
import { DESK_SITE_PARAM, deskFilterQuery, parseDeskFilter } from "~/crm/lead-desk";
import { adminHeaders, adminTitle } from "~/lib/admin-page";
import { ALL_SITES } from "~/lib/sites";
import { field, requireForm } from "~/http/form.server";
import { clientIp } from "~/http/client-ip.server";
import { deskSiteChoice } from "~/console/console-site.server";
import { siteById } from "~/sites/registry.server";
import { requestSiteId } from "~/sites/request-site.server";

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

export const meta = adminTitle("상담 접수 관리");
export const headers = adminHeaders;

type View = "queue" | "all";

export async function loader({ request, context }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  const admin = await requireArea(request, siteId, "leads");
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
  const reading = { viewer: admin, filter, consultants, ip: clientIp(request, context) };
  const common = {
    view,
    requestSite: siteId,
    work: { name: siteById(work)?.identity.name ?? work, site: work === siteId ? null : work },
    isConsultant,
    consultants: [...consultants].map(([id, email]) => ({ id, email })),
    due: await dueCounts(work, isConsultant ? admin.adminId : null),
    assignment: admin.role === "agency" ? await assignmentSettings(work) : null,
    assignmentSaved: url.searchParams.get("assignment") === "saved",
    leadSettings: admin.role === "agency" ? await leadSettings(work) : null,
    leadSettingsSaved: url.searchParams.get("settings") === "saved",
    hasReminderText: Boolean(siteById(work)?.visitReminder),
  };
  // Who opened which card is the administrators' to read, not every consultant's; read after this
  // view is written, so the record shows it.
  const log = async () => (isConsultant ? [] : await recentAccess(scope, 20));
  if (view === "queue") {
    const { queue, whose } = await readQueue(work, reading);
    return data(
      { ...common, log: await log(), queue, whose, filter, list: null, site: null, sources: null },
      { headers: adminHeaders() },
    );
  }
  const page = Number(url.searchParams.get("page")) || 1;
  const list = await readList(scope, siteId, page, reading);
  return data(
    {
      ...common,
      log: await log(),
      queue: null,
      whose: null,
      filter,
      list,
      site: choosable ? deskSiteChoice(admin, scope, siteId) : null,
      sources: await deskSources(scope),
    },
    { headers: adminHeaders() },
  );
}

/** The assignment settings and the lead settings (administrators of the complex). */
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
  const site = siteId === hostSite ? "" : `${DESK_SITE_PARAM}=${siteId}&`;
  if (field(form, "intent") === "lead-settings") {
    const days = field(form, "duplicateDays").trim();
    if (!/^[0-9]{1,3}$/.test(days) || Number(days) < 1 || Number(days) > 365)
      return data(
        { ok: false as const, message: LEAD_SETTINGS_MESSAGES.days, duplicateDays: days },
        { status: 400, headers: adminHeaders() },
      );
    await saveLeadSettings(siteId, {
      duplicateDays: Number(days),
      visitReminder: field(form, "visitReminder") === "on",
    });
    throw redirect(`/admin/leads?${site}settings=saved#lead-settings`, { headers: adminHeaders() });
  }
  await saveAssignment(siteId, {
    autoAssign: field(form, "autoAssign") === "on",
    active: form.getAll("active").map(String),
  });
  throw redirect(`/admin/leads?${site}assignment=saved#assignment`, { headers: adminHeaders() });
}

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
      <AdminHead title="상담 접수 관리">
        <Link
          to={`/admin/leads/phone${kept && kept !== ALL_SITES ? `?${DESK_SITE_PARAM}=${encodeURIComponent(kept)}` : ""}`}
          className="btn btn-outline btn-small"
        >
          전화 접수
        </Link>
        <a
          href={`/admin/leads.csv${query ? `?${query}` : ""}`}
          className="btn btn-primary btn-small"
          download
        >
          CSV 내려받기{isConsultant ? " (내 고객)" : list ? ` (${list.total}명)` : ""}
        </a>
        {isConsultant ? null : (
          <Link to="/admin/leads/import" className="btn btn-outline btn-small">
            리드 파일 가져오기
          </Link>
        )}
      </AdminHead>
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
      {loaderData.queue ? (
        <QueueView
          queue={loaderData.queue}
          whose={loaderData.whose}
          isConsultant={isConsultant}
          consultants={loaderData.consultants}
          workSite={loaderData.work.site}
          requestSite={loaderData.requestSite}
        />
      ) : list ? (
        <ListView
          list={list}
          filter={filter}
          sources={loaderData.sources!}
          site={site}
          consultants={loaderData.consultants}
          requestSite={loaderData.requestSite}
          query={query}
          scoped={scoped}
        />
      ) : null}
      {loaderData.assignment ? (
        <AssignmentSettings
          settings={loaderData.assignment}
          saved={loaderData.assignmentSaved}
          work={loaderData.work}
        />
      ) : null}
      {loaderData.leadSettings ? (
        <LeadSettingsForm
          settings={loaderData.leadSettings}
          saved={loaderData.leadSettingsSaved}
          error={
            actionData && "duplicateDays" in actionData
              ? { value: String(actionData.duplicateDays) }
              : null
          }
          work={loaderData.work}
          hasReminderText={loaderData.hasReminderText}
        />
      ) : null}
      {isConsultant ? null : <AccessLog log={log} />}
    </>
  );
}
