import { useId } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Fact } from "~/components/admin/facts";
import { FormMessage } from "~/components/admin/form-message";
import { Options } from "~/components/admin/options";
import { TextAreaField } from "~/components/admin/text-field";
import { CardStatus, NextContact } from "~/crm/customer-bits";
import type { Route } from "./+types/leads.card";
import { logAccess } from "~/auth/access-log.server";
import { deskScope } from "~/crm/lead-desk.server";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import {
  CALL_MESSAGES,
  cardRights,
  changeStatus,
  claim,
  logCall,
  reassign,
  saveMemo,
  type Viewer,
  type WorkResult,
} from "~/crm/calls.server";
import { cardDetail, consultantNames } from "~/crm/desk.server";
import { maskPhone } from "~/outbox/sms.server";
import { adminHeaders, adminTitle } from "~/lib/admin-page";
import {
  CALL_RESULT_LABEL,
  CALL_RESULTS,
  CUSTOMER_STATUS_LABEL,
  CUSTOMER_STATUSES,
  INTEREST_LABEL,
  INTERESTS,
  NOTE_MAX,
} from "~/crm/crm";
import { formatKoreanDateTime, isoToKstInput, kstDate } from "~/lib/korean-time";
import { DESK_SITE_PARAM, MEMO_MAX, sourceLabel } from "~/crm/lead-desk";
import { ALL_SITES } from "~/lib/sites";
import { busyButton } from "~/lib/busy-form";
import { field, requireForm } from "~/http/form.server";
import { clientIp } from "~/http/client-ip.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * /admin/leads/<card id>: one person. Who they are, their status, 관심도, consultant and next
 * contact; the call log form (result, 관심도, next contact, note); the status, the consultant, the
 * memo; and the timeline of everything: forms, messages and their delivery, calls, changes.
 * Opening a card is written to the access log. A consultant sees another consultant's card with the
 * phone number masked and cannot change it; a card nobody has can be taken (맡기). Every form works
 * without JavaScript (post, then back to the card with its message).
 */

export const meta = adminTitle("고객 카드");
export const headers = adminHeaders;

/** The complex of the card: the request's, or for an administrator of every complex ?site=<id>. */
function cardSite(admin: Parameters<typeof deskScope>[0], request: Request): string {
  const siteId = requestSiteId(request);
  const { scope } = deskScope(
    admin,
    siteId,
    new URL(request.url).searchParams.get(DESK_SITE_PARAM),
  );
  return scope === ALL_SITES ? siteId : scope;
}

const SAVED: Record<string, string> = {
  call: CALL_MESSAGES.saved,
  status: CALL_MESSAGES.statusSaved,
  assign: CALL_MESSAGES.assigned,
  claim: CALL_MESSAGES.claimed,
  memo: CALL_MESSAGES.memoSaved,
  phone: "전화 접수를 저장했습니다.",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireArea(request, requestSiteId(request), "leads");
  const siteId = cardSite(admin, request);
  const viewer: Viewer = admin;
  const detail = await cardDetail(siteId, params.customerId, viewer);
  if (!detail) throw data("고객 카드를 찾을 수 없습니다", { status: 404 });
  await logAccess({
    scope: siteId,
    admin,
    action: "view",
    // The record is read by the whole desk: never a whole phone number in it.
    target: `고객 카드 ${detail.card.name} (${maskPhone(detail.card.phone)})`,
    filter: detail.card.own ? "전체 번호" : "번호 가림",
    rowCount: 1,
    ip: clientIp(request, context),
  });
  const rights = cardRights(viewer, detail.card.consultantId);
  const saved = new URL(request.url).searchParams.get("saved") ?? "";
  return data(
    {
      ...detail,
      rights,
      today: kstDate(),
      siteParam: siteId === requestSiteId(request) ? "" : `?${DESK_SITE_PARAM}=${siteId}`,
      consultants: rights.reassign
        ? [...(await consultantNames(siteId))].map(([id, email]) => ({ id, email }))
        : [],
      saved: SAVED[saved] ?? null,
    },
    { headers: adminHeaders() },
  );
}

type Answer = WorkResult & { intent: string; values?: Record<string, string> };

export async function action({ request, params, context }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const admin = await requireArea(request, requestSiteId(request), "leads");
  const siteId = cardSite(admin, request);
  const viewer: Viewer = admin;
  const form = await requireForm(request, 64 * 1024);
  const intent = field(form, "intent");
  const id = params.customerId;
  const values = {
    result: field(form, "result"),
    interest: field(form, "interest"),
    nextDate: field(form, "nextDate"),
    nextTime: field(form, "nextTime"),
    note: field(form, "note"),
    status: field(form, "status"),
    consultant: field(form, "consultant"),
    memo: field(form, "memo"),
  };
  const result: WorkResult =
    intent === "call"
      ? await logCall(siteId, id, viewer, values)
      : intent === "status"
        ? await changeStatus(siteId, id, viewer, values.status)
        : intent === "assign"
          ? await reassign(siteId, id, viewer, values.consultant)
          : intent === "claim"
            ? await claim(siteId, id, viewer)
            : intent === "memo"
              ? await saveMemo(siteId, id, viewer, values.memo)
              : { ok: false, message: "요청을 이해하지 못했습니다. 페이지를 새로 고쳐 주세요." };
  if (!result.ok)
    return data<Answer>(
      { ...result, intent, values },
      { status: result.message === CALL_MESSAGES.notFound ? 404 : 400, headers: adminHeaders() },
    );
  await logAccess({
    scope: siteId,
    admin,
    action: "update",
    target: "고객 카드",
    filter: [intentLabel(intent), describe(intent, values)].filter(Boolean).join(": "),
    rowCount: 1,
    ip: clientIp(request, context),
  });
  const url = new URL(request.url);
  url.searchParams.set("saved", intent);
  throw redirect(`${url.pathname}${url.search}#${intent === "call" ? "call-log" : "card"}`, {
    headers: adminHeaders(),
  });
}

const intentLabel = (intent: string) =>
  ({ call: "통화 기록", status: "상태", assign: "담당", claim: "맡기", memo: "메모" })[intent] ??
  intent;

function describe(intent: string, v: Record<string, string>): string {
  if (intent === "call")
    return CALL_RESULT_LABEL[v.result as keyof typeof CALL_RESULT_LABEL] ?? v.result ?? "";
  if (intent === "status")
    return CUSTOMER_STATUS_LABEL[v.status as keyof typeof CUSTOMER_STATUS_LABEL] ?? "";
  return "";
}

export default function CustomerCard({ loaderData, actionData }: Route.ComponentProps) {
  const { card, timeline, sources, rights, consultants, saved, today, siteParam } = loaderData;
  const answer = actionData && "intent" in actionData ? actionData : undefined;
  const refused = actionData && "refused" in actionData ? actionData.formError : undefined;
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = (intent: string) =>
    answer && !answer.ok && answer.intent === intent ? answer : null;
  const v = (name: string, fallback = "") => answer?.values?.[name] ?? fallback;
  const action = `/admin/leads/${card.id}${siteParam}`;
  // The plan in place stays unless the call changes it (a past one is not proposed again).
  const planned = card.nextContactAt && !card.overdue ? isoToKstInput(card.nextContactAt) : "";
  const [plannedDate = "", plannedTime = "10:00"] = planned ? planned.split("T") : [];
  return (
    <>
      <p className="admin-back">
        <Link to={`/admin/leads${siteParam}`}>← 상담 접수 관리</Link>
      </p>
      <div className="admin-head" id="card">
        <h1 className="admin-title">
          {card.name} <CardStatus status={card.status} />
        </h1>
      </div>
      <FormMessage tone="error">{refused}</FormMessage>
      <FormMessage tone="ok">{saved}</FormMessage>
      <dl className="card-facts">
        <Fact term="연락처">
          {card.own ? <a href={`tel:${card.phone.replace(/-/g, "")}`}>{card.phone}</a> : card.phone}
        </Fact>
        <Fact term="담당">{card.consultantEmail ?? "미배정"}</Fact>
        <Fact term="관심도">{card.interest ?? "—"}</Fact>
        <Fact term="다음 연락">
          <NextContact card={card} />
        </Fact>
        <Fact term="유입 경로">
          {sources.length > 1 ? sources.join(", ") : sourceLabel(card.source)}
        </Fact>
        <Fact term="접수·통화">
          접수 {card.touches}회 · 통화 {card.calls}회
        </Fact>
        <Fact term="처음 접수">{formatKoreanDateTime(card.firstAt)}</Fact>
      </dl>
      {!rights.work ? (
        <div className="card-readonly">
          <p className="admin-help">
            {card.consultantId
              ? "다른 상담원의 고객입니다. 연락처는 가려지고, 기록은 담당 상담원만 남길 수 있습니다."
              : "아직 담당 상담원이 없는 고객입니다. 맡으면 연락처가 보이고 통화 기록을 남길 수 있습니다."}
          </p>
          {rights.claim ? (
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="claim" />
              <button type="submit" className="btn btn-primary btn-small" {...busyButton(busy)}>
                이 고객 맡기
              </button>
            </Form>
          ) : null}
          <FormMessage tone="error" focus>
            {error("claim")?.message}
          </FormMessage>
        </div>
      ) : (
        <section className="card-work" aria-labelledby={`${id}-call`} id="call-log">
          <h2 id={`${id}-call`} className="admin-subtitle">
            통화 기록 남기기
          </h2>
          <Form
            method="post"
            action={action}
            className="card-call-form"
            noValidate
            // A saved call empties the form (and proposes the plan it set).
            key={`${card.calls}-${card.nextContactAt}`}
          >
            <input type="hidden" name="intent" value="call" />
            <FormMessage tone="error" focus>
              {error("call")?.message}
            </FormMessage>
            <fieldset
              className="card-results"
              aria-invalid={error("call")?.field === "result" || undefined}
            >
              <legend>통화 결과 (필수)</legend>
              {CALL_RESULTS.map((r) => (
                <label key={r} className="card-result">
                  <input
                    type="radio"
                    name="result"
                    value={r}
                    defaultChecked={v("result") === r}
                    required
                  />
                  {CALL_RESULT_LABEL[r]}
                </label>
              ))}
            </fieldset>
            <div className="card-call-fields">
              <div className="field">
                <label htmlFor={`${id}-interest`}>관심도</label>
                <select
                  id={`${id}-interest`}
                  name="interest"
                  defaultValue={v("interest", card.interest ?? "")}
                >
                  <option value="">{card.interest ? `그대로 (${card.interest})` : "미정"}</option>
                  {INTERESTS.map((i) => (
                    <option key={i} value={i}>
                      {INTEREST_LABEL[i]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-next-date`}>다음 연락 날짜</label>
                <input
                  id={`${id}-next-date`}
                  name="nextDate"
                  type="date"
                  min={today}
                  defaultValue={v("nextDate", plannedDate)}
                  aria-invalid={error("call")?.field === "nextDate" || undefined}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-next-time`}>시간</label>
                <input
                  id={`${id}-next-time`}
                  name="nextTime"
                  type="time"
                  step={600}
                  defaultValue={v("nextTime", plannedTime)}
                />
              </div>
            </div>
            <p className="admin-help">다음 연락 날짜를 비우면 잡혀 있던 연락 일정이 지워집니다.</p>
            <TextAreaField
              id={`${id}-note`}
              label="통화 메모"
              name="note"
              rows={3}
              maxLength={NOTE_MAX}
              defaultValue={v("note")}
            />
            <button type="submit" className="btn btn-primary" {...busyButton(busy)}>
              통화 기록 저장
            </button>
          </Form>
          <div className="card-side-forms">
            <ChoiceForm
              action={action}
              intent="status"
              label="상태"
              id={`${id}-status`}
              value={card.status}
              options={CUSTOMER_STATUSES.map((s) => [s, CUSTOMER_STATUS_LABEL[s]])}
              submit="상태 변경"
              busy={busy}
              error={error("status")?.message}
            />
            {rights.reassign ? (
              <ChoiceForm
                action={action}
                intent="assign"
                label="담당 상담원"
                id={`${id}-consultant`}
                value={card.consultantId ?? ""}
                options={[["", "미배정"], ...consultants.map((c) => [c.id, c.email] as const)]}
                submit="담당 변경"
                busy={busy}
                error={error("assign")?.message}
              />
            ) : null}
            <Form method="post" action={action} className="card-memo-form">
              <input type="hidden" name="intent" value="memo" />
              <TextAreaField
                id={`${id}-memo`}
                label="고객 메모"
                name="memo"
                rows={2}
                maxLength={MEMO_MAX}
                defaultValue={v("memo", card.memo)}
                key={card.memo}
              />
              <button type="submit" className="btn btn-outline btn-small" {...busyButton(busy)}>
                메모 저장
              </button>
              <FormMessage tone="error" focus>
                {error("memo")?.message}
              </FormMessage>
            </Form>
          </div>
        </section>
      )}
      <section aria-labelledby={`${id}-timeline`} className="card-timeline">
        <h2 id={`${id}-timeline`} className="admin-subtitle">
          타임라인 ({timeline.length}건)
        </h2>
        <ol className="timeline">
          {timeline.map((t, i) => (
            <li key={i} className={`timeline-item is-${t.kind}`}>
              <p className="timeline-head">
                <time dateTime={t.at}>{formatKoreanDateTime(t.at)}</time> <strong>{t.title}</strong>
                {t.by ? <span className="timeline-by"> · {t.by}</span> : null}
              </p>
              {t.lines.length ? (
                <ul className="timeline-lines">
                  {t.lines.map((line, j) => (
                    <li key={j}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** A form of one choice saved with its button: the card's status, its consultant. */
function ChoiceForm({
  action,
  intent,
  label,
  id,
  value,
  options,
  submit,
  busy,
  error,
}: {
  action: string;
  intent: "status" | "assign";
  label: string;
  id: string;
  value: string;
  options: readonly (readonly [value: string, label: string])[];
  submit: string;
  busy: boolean;
  error: string | undefined;
}) {
  const name = intent === "assign" ? "consultant" : intent;
  return (
    <Form method="post" action={action} className="card-inline-form">
      <input type="hidden" name="intent" value={intent} />
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {/* A new select when the saved value changes, so it shows it. */}
        <select id={id} name={name} defaultValue={value} key={value}>
          <Options items={options} />
        </select>
      </div>
      <button type="submit" className="btn btn-outline btn-small" {...busyButton(busy)}>
        {submit}
      </button>
      <FormMessage tone="error" focus>
        {error}
      </FormMessage>
    </Form>
  );
}
