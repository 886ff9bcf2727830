import { useNavigation } from "react-router";
import { AdminCard, CheckedForm } from "~/components/admin/admin-card";
import { DataTable } from "~/components/admin/data-table";
import { useFocusFirstInvalid } from "~/components/admin/focus-invalid";
import { FormMessage } from "~/components/admin/form-message";
import { IntentButton } from "~/components/admin/intent-button";
import { OneTimeLink } from "~/components/admin/one-time-link";
import { TextField } from "~/components/admin/text-field";
import { busyButton } from "~/lib/busy-form";
import { formatKoreanDateTime, formatKoreanDay } from "~/lib/korean-time";

/*
 * 고객사 열람 링크 on the console's weekly report (docs/decisions/053): the link just made, shown
 * once with its address to copy; the form that makes one (고객사 이름, 만료일); the complex's links
 * with their state and 취소.
 */

export type LinkRow = {
  id: string;
  label: string;
  createdBy: string;
  createdAt: string;
  lastDay: string;
  state: "open" | "expired" | "revoked";
};

export type LinkAnswer =
  | { intent: "create"; ok: true; id: string; url: string; label: string; lastDay: string }
  | {
      intent: "create";
      ok: false;
      errors: Partial<Record<"label" | "expiresOn", string>>;
      values: { label: string; expiresOn: string };
    }
  | { intent: "revoke"; ok: boolean; message: string };

const STATE_TEXT: Record<LinkRow["state"], string> = {
  open: "열림",
  expired: "만료",
  revoked: "취소됨",
};

function CreatedLink({ answer }: { answer: Extract<LinkAnswer, { ok: true; intent: "create" }> }) {
  return (
    <div className="report-link-made">
      <p className="form-message is-ok" role="status">
        {answer.label}에게 보낼 링크를 만들었습니다. 이 주소는 지금 한 번만 보입니다. 복사해 전달해
        주세요.
      </p>
      <OneTimeLink
        id="report-link-url"
        label={`열람 링크 (${formatKoreanDay(answer.lastDay)}까지)`}
        url={answer.url}
      />
    </div>
  );
}

function NewLinkForm({
  answer,
  defaultLastDay,
}: {
  answer: Extract<LinkAnswer, { ok: false; intent: "create" }> | null;
  defaultLastDay: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? { label: "", expiresOn: defaultLastDay };
  const form = useFocusFirstInvalid(answer);
  return (
    <CheckedForm ref={form} busy={busy}>
      <input type="hidden" name="intent" value="create" />
      <TextField
        id="report-link-label"
        name="label"
        label="고객사 이름"
        hint="링크를 받을 시행사나 분양대행사의 이름입니다. 접근 기록에 이 이름으로 남습니다."
        defaultValue={values.label}
        error={errors.label}
        autoComplete="off"
      />
      <TextField
        id="report-link-expires"
        name="expiresOn"
        label="만료일"
        hint="이날 자정(한국 시각)까지 열립니다."
        type="date"
        defaultValue={values.expiresOn}
        error={errors.expiresOn}
      />
      <button type="submit" className="btn btn-primary" {...busyButton(busy)}>
        {busy ? "만드는 중…" : "열람 링크 만들기"}
      </button>
    </CheckedForm>
  );
}

export function ReportLinks({
  links,
  answer,
  defaultLastDay,
}: {
  links: LinkRow[];
  answer: LinkAnswer | null;
  defaultLastDay: string;
}) {
  const created = answer?.intent === "create" && answer.ok ? answer : null;
  const refused = answer?.intent === "create" && !answer.ok ? answer : null;
  return (
    <AdminCard id="report-links-title" title="고객사 열람 링크" className="report-links">
      <p className="admin-summary">
        링크를 받은 고객사는 이 단지의 주간 보고서(인쇄, XLSX 포함)만 볼 수 있습니다. 고객 이름,
        전화번호, 메모, 문의 내용은 보이지 않으며, 열 때마다 접근 기록에 남습니다. 만료일이 지나거나
        취소하면 더 열리지 않습니다.
      </p>
      {created ? <CreatedLink key={created.id} answer={created} /> : null}
      <FormMessage tone={answer?.intent === "revoke" && !answer.ok ? "error" : "ok"} focus>
        {answer?.intent === "revoke" ? answer.message : null}
      </FormMessage>
      <NewLinkForm
        key={created ? `form-${created.id}` : "form"}
        answer={refused}
        defaultLastDay={defaultLastDay}
      />
      <h3 className="report-minor report-links-list">만든 링크</h3>
      <DataTable
        className="admin-table admin-cards"
        caption="만든 고객사 열람 링크"
        rows={links}
        rowKey={(l) => l.id}
        empty="아직 만든 링크가 없습니다."
        columns={[
          { key: "label", label: "고객사", cell: (l) => l.label },
          { key: "state", label: "상태", cell: (l) => STATE_TEXT[l.state] },
          {
            key: "last",
            label: "만료일",
            cell: (l) => formatKoreanDay(l.lastDay),
            className: "nowrap",
          },
          {
            key: "made",
            label: "만든 사람",
            cell: (l) => `${l.createdBy} · ${formatKoreanDateTime(l.createdAt)}`,
          },
          {
            key: "revoke",
            label: "취소",
            cell: (l) =>
              l.state === "open" ? (
                <IntentButton
                  intent="revoke"
                  fields={{ id: l.id }}
                  buttonClassName="btn btn-outline btn-small"
                >
                  취소<span className="sr-only"> ({l.label} 링크)</span>
                </IntentButton>
              ) : (
                "—"
              ),
          },
        ]}
      />
    </AdminCard>
  );
}
