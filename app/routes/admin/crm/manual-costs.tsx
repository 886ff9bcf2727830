import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/manual-costs";
import { AdminCard, CheckedForm } from "~/components/admin/admin-card";
import { AdminHead } from "~/components/admin/admin-head";
import { DataTable, type Column } from "~/components/admin/data-table";
import { useFocusFirstInvalid } from "~/components/admin/focus-invalid";
import { FormMessage } from "~/components/admin/form-message";
import { IntentButton } from "~/components/admin/intent-button";
import { Options } from "~/components/admin/options";
import { TextField } from "~/components/admin/text-field";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { field, requireForm } from "~/http/form.server";
import { adminHeaders, adminTitle } from "~/lib/admin-page";
import { formatKoreanDateTime, formatKoreanDay } from "~/lib/korean-time";
import { requestSiteId } from "~/sites/request-site.server";
import {
  checkManualCost,
  MANUAL_COST_MESSAGES,
  MANUAL_MEDIA,
  mediumOf,
  NOTE_MAX,
  type ManualCostErrors,
  type ManualCostInput,
  type ManualCostValues,
} from "~/channels/manual-costs";
import {
  addManualCost,
  deleteManualCost,
  getManualCost,
  listManualCosts,
  manualCostHistory,
  updateManualCost,
  type ManualCost,
  type ManualCostChange,
} from "~/channels/manual-costs.server";
import { campaignLabel, formatWon } from "~/channels/cost-results";

/*
 * /admin/channels/manual-costs (직접 입력 비용, from 채널 성과): the costs no ad platform's file
 * holds, for the request's complex: flat-fee media (현수막, 신문, 전단, 문자 발송 대행: an amount over a
 * period, spread over its days) and bought DB (분양 DB 구매: a price per lead of the source). Add,
 * change (?edit=<id> fills the form) and remove, each written to the history below with who and
 * when. Works without JavaScript: the form posts, the server answers.
 */

export const meta = adminTitle("직접 입력 비용");
export const headers = adminHeaders;

const PATH = "/admin/channels/manual-costs";
const DONE: Record<string, string> = {
  created: MANUAL_COST_MESSAGES.created,
  updated: MANUAL_COST_MESSAGES.updated,
  deleted: MANUAL_COST_MESSAGES.deleted,
};

const EMPTY: ManualCostValues = {
  medium: "",
  source: "",
  campaign: "",
  firstDay: "",
  lastDay: "",
  amount: "",
  note: "",
};

const valuesOf = (c: ManualCost): ManualCostValues => ({
  medium: c.medium,
  source: c.source,
  campaign: c.campaign,
  firstDay: c.firstDay,
  lastDay: c.lastDay,
  amount: c.amountWon.toLocaleString("ko-KR"),
  note: c.note,
});

export async function loader({ request }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  await requireArea(request, siteId, "channels");
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const [costs, history, editing] = await Promise.all([
    listManualCosts(siteId),
    manualCostHistory(siteId),
    editId ? getManualCost(siteId, editId) : null,
  ]);
  const done = url.searchParams.get("done");
  return data(
    {
      costs,
      history,
      editing: editing ? { id: editing.id, values: valuesOf(editing) } : null,
      missing: editId !== null && !editing,
      done: done && DONE[done] ? DONE[done] : null,
    },
    { headers: adminHeaders() },
  );
}

type Answer = { ok: false; id: string; errors: ManualCostErrors; values: ManualCostValues };

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const siteId = requestSiteId(request);
  const admin = await requireArea(request, siteId, "channels");
  const form = await requireForm(request, 64 * 1024);
  const intent = field(form, "intent");
  const id = field(form, "id");
  const gone = () =>
    data(
      { ok: false as const, formError: MANUAL_COST_MESSAGES.missing },
      {
        status: 404,
        headers: adminHeaders(),
      },
    );

  if (intent === "delete") {
    if (!(await deleteManualCost(siteId, id, admin.email))) return gone();
    return redirect(`${PATH}?done=deleted`, { headers: adminHeaders() });
  }

  const values: ManualCostValues = {
    medium: field(form, "medium"),
    source: field(form, "source"),
    campaign: field(form, "campaign"),
    firstDay: field(form, "firstDay"),
    lastDay: field(form, "lastDay"),
    amount: field(form, "amount"),
    note: field(form, "note"),
  };
  const checked = checkManualCost(values);
  if (!checked.ok)
    return data<Answer>(
      { ok: false, id, errors: checked.errors, values },
      { status: 400, headers: adminHeaders() },
    );
  if (id) {
    if (!(await updateManualCost(siteId, id, checked.data, admin.email))) return gone();
    return redirect(`${PATH}?done=updated`, { headers: adminHeaders() });
  }
  await addManualCost(siteId, checked.data, admin.email);
  return redirect(`${PATH}?done=created`, { headers: adminHeaders() });
}

/** An entry in words: "현수막 · banner · 3월 1일 ~ 3월 3일 · 100,000원". */
function describe(c: ManualCostInput): string {
  const amount =
    c.kind === "bought_db" ? `DB 한 건 ${formatWon(c.amountWon)}` : formatWon(c.amountWon);
  return [
    mediumOf(c.medium)?.label ?? c.medium,
    c.source,
    ...(c.campaign ? [c.campaign] : []),
    `${formatKoreanDay(c.firstDay)} ~ ${formatKoreanDay(c.lastDay)}`,
    amount,
    ...(c.note ? [c.note] : []),
  ].join(" · ");
}

const ACTION_LABEL: Record<ManualCostChange["action"], string> = {
  create: "추가",
  update: "수정",
  delete: "삭제",
};

const costColumns: Column<ManualCost>[] = [
  { key: "medium", label: "매체", cell: (c) => mediumOf(c.medium)?.label ?? c.medium },
  { key: "source", label: "유입 경로", cell: (c) => c.source },
  { key: "campaign", label: "캠페인", cell: (c) => campaignLabel(c.campaign) },
  {
    key: "days",
    label: "기간",
    className: "nowrap",
    cell: (c) => `${formatKoreanDay(c.firstDay)} ~ ${formatKoreanDay(c.lastDay)}`,
  },
  {
    key: "amount",
    label: "금액",
    className: "num",
    cell: (c) =>
      c.kind === "bought_db" ? `건당 ${formatWon(c.amountWon)}` : formatWon(c.amountWon),
  },
  { key: "note", label: "메모", cell: (c) => c.note || "없음" },
  {
    key: "by",
    label: "마지막 수정",
    cell: (c) => `${c.updatedBy} · ${formatKoreanDateTime(c.updatedAt)}`,
  },
  {
    key: "manage",
    label: "관리",
    heading: <span className="sr-only">관리</span>,
    cell: (c) => (
      <span className="manual-cost-actions">
        <Link to={`${PATH}?edit=${c.id}#manual-cost-form`} className="btn btn-outline btn-small">
          수정<span className="sr-only"> ({describe(c)})</span>
        </Link>
        <IntentButton
          intent="delete"
          fields={{ id: c.id }}
          buttonClassName="btn btn-outline btn-small"
        >
          삭제<span className="sr-only"> ({describe(c)})</span>
        </IntentButton>
      </span>
    ),
  },
];

const historyColumns: Column<ManualCostChange>[] = [
  {
    key: "at",
    label: "일시",
    className: "nowrap",
    cell: (h) => formatKoreanDateTime(h.changedAt),
  },
  { key: "by", label: "누가", cell: (h) => h.changedBy },
  { key: "action", label: "변경", className: "nowrap", cell: (h) => ACTION_LABEL[h.action] },
  {
    key: "what",
    label: "내용",
    cell: (h) =>
      h.before && h.after
        ? `${describe(h.before)} → ${describe(h.after)}`
        : describe((h.after ?? h.before)!),
  },
];

export default function ManualCosts({ loaderData, actionData }: Route.ComponentProps) {
  const { costs, history, editing, missing, done } = loaderData;
  const answer = actionData && "errors" in actionData ? actionData : null;
  const formError = actionData && "formError" in actionData ? actionData.formError : null;
  const id = answer?.id ?? editing?.id ?? "";
  const values = answer?.values ?? editing?.values ?? EMPTY;
  const errors = answer?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  const formRef = useFocusFirstInvalid(answer);
  const err = (name: keyof ManualCostValues) => errors[name];
  return (
    <>
      <AdminHead title="직접 입력 비용">
        <Link to="/admin/channels" className="btn btn-outline btn-small">
          채널 성과로
        </Link>
      </AdminHead>
      <p className="channel-note">
        광고 플랫폼의 파일에 없는 비용을 유입 경로(utm_source)별로 적습니다. 정액 매체(현수막, 신문,
        전단, 문자 발송 대행)는 기간 금액을 하루씩 똑같이 나누고(원 단위, 남는 원은 마지막 날), 분양
        DB 구매는 건당 단가 × 그 경로의 접수 건수로 채널 성과의 비용에 더합니다.
      </p>
      <FormMessage tone="ok" focus>
        {done}
      </FormMessage>
      <FormMessage tone="error" focus>
        {formError ?? (missing ? MANUAL_COST_MESSAGES.missing : null)}
      </FormMessage>
      <AdminCard
        id="manual-cost-form"
        title={id ? "비용 고치기" : "비용 추가"}
        className="manual-cost-card"
      >
        <CheckedForm ref={formRef} busy={busy}>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="id" value={id} />
          <div className="field">
            <label htmlFor="mc-medium">매체</label>
            <select
              id="mc-medium"
              name="medium"
              defaultValue={values.medium}
              key={`medium ${id} ${values.medium}`}
              aria-invalid={err("medium") ? true : undefined}
              aria-describedby={err("medium") ? "mc-medium-error" : undefined}
            >
              <option value="">고르세요</option>
              <Options items={MANUAL_MEDIA.map((m) => [m.key, m.label] as const)} />
            </select>
            {err("medium") ? (
              <p id="mc-medium-error" className="field-error">
                {err("medium")}
              </p>
            ) : null}
          </div>
          <TextField
            id="mc-source"
            name="source"
            label="유입 경로 (utm_source)"
            hint="채널 성과에 보이는 경로 이름. 예: banner, newspaper, db_agency"
            defaultValue={values.source}
            key={`source ${id} ${values.source}`}
            error={err("source")}
            autoComplete="off"
          />
          <TextField
            id="mc-campaign"
            name="campaign"
            label="캠페인 (선택)"
            hint="비우면 경로 전체. 분양 DB 구매는 이 캠페인의 접수만 셉니다."
            defaultValue={values.campaign}
            key={`campaign ${id} ${values.campaign}`}
            error={err("campaign")}
            autoComplete="off"
          />
          <div className="manual-cost-days">
            <TextField
              id="mc-first"
              name="firstDay"
              type="date"
              label="시작일"
              defaultValue={values.firstDay}
              key={`first ${id} ${values.firstDay}`}
              error={err("firstDay")}
            />
            <TextField
              id="mc-last"
              name="lastDay"
              type="date"
              label="종료일"
              defaultValue={values.lastDay}
              key={`last ${id} ${values.lastDay}`}
              error={err("lastDay")}
            />
          </div>
          <TextField
            id="mc-amount"
            name="amount"
            label="금액 (원, VAT 포함)"
            hint="정액 매체는 기간 전체 금액, 분양 DB 구매는 DB 한 건의 단가"
            inputMode="numeric"
            defaultValue={values.amount}
            key={`amount ${id} ${values.amount}`}
            error={err("amount")}
            autoComplete="off"
          />
          <TextField
            id="mc-note"
            name="note"
            label="메모 (선택)"
            hint={`${NOTE_MAX}자까지`}
            defaultValue={values.note}
            key={`note ${id} ${values.note}`}
            error={err("note")}
          />
          <div className="admin-form-actions">
            <button type="submit" className="btn btn-primary">
              {id ? "고친 내용 저장" : "비용 추가"}
            </button>
            {id ? (
              <Link to={PATH} className="btn btn-outline">
                고치기 취소
              </Link>
            ) : null}
          </div>
        </CheckedForm>
      </AdminCard>
      <h2 className="admin-subtitle" id="manual-cost-list">
        입력한 비용
      </h2>
      <DataTable
        columns={costColumns}
        rows={costs}
        rowKey={(c) => c.id}
        className="admin-table admin-cards manual-cost-table"
        caption="입력한 비용, 최근 기간부터"
        empty="아직 입력한 비용이 없습니다."
      />
      <h2 className="admin-subtitle manual-cost-history-title" id="manual-cost-history">
        변경 기록
      </h2>
      <DataTable
        columns={historyColumns}
        rows={history}
        rowKey={(h) => h.id}
        className="admin-table admin-cards manual-cost-history"
        caption="직접 입력 비용의 추가, 수정, 삭제 기록, 최근부터 50건"
        empty="아직 변경 기록이 없습니다."
      />
    </>
  );
}
