import { useId } from "react";
import { Form } from "react-router";
import { AdminCard } from "~/components/admin/admin-card";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { DataTable, type Column } from "~/components/admin/data-table";
import { Fact } from "~/components/admin/facts";
import { FormMessage } from "~/components/admin/form-message";
import { useFocusFirstInvalid } from "~/components/admin/focus-invalid";
import { Options } from "~/components/admin/options";
import {
  CancelStep,
  cut,
  errorOf,
  FieldError,
  SubmitRow,
  UploadStep,
  type StepAnswer,
} from "~/components/admin/step-form";
import { TextField } from "~/components/admin/text-field";
import { LEAD_FILE_FIELD_LABEL, LEAD_FILE_FIELDS } from "~/leads/lead-file";
import type { LeadFilePlan, listLeadFiles } from "~/leads/lead-file.server";
import { formatKoreanDateTime } from "~/lib/korean-time";

/*
 * 리드 파일 가져오기's steps (app/routes/admin/crm/leads.import.tsx): the upload, the columns, the
 * preview with the file's source, campaign and consent and its save, and the files saved. Plain
 * forms: each works without JavaScript, its refusal shown beside the field it is about.
 */

type Plan<S extends LeadFilePlan["step"]> = Extract<LeadFilePlan, { step: S }>;

const count = (n: number) => n.toLocaleString("ko-KR");

export function LeadUploadStep({ answer, notice }: { answer?: StepAnswer; notice?: string }) {
  return (
    <UploadStep
      title="리드 파일 올리기"
      label="리드 파일 (CSV, XLSX)"
      submit="올리고 열 확인"
      answer={answer}
      notice={notice}
    >
      카카오 비즈니스폼+, 당근 비즈니스, DB 업체의 파일을 10MB까지 올립니다. 첫 줄은 열 제목이어야
      합니다. 저장하기 전에 새 고객, 기존 고객, 거부된 행을 미리 보여 드립니다.
    </UploadStep>
  );
}

const REQUIRED = new Set(["name", "phone"]);

export function LeadMappingStep({ plan, answer }: { plan: Plan<"mapping">; answer?: StepAnswer }) {
  const id = useId();
  const form = useFocusFirstInvalid(answer);
  const columns = plan.header
    .map((title, i) => [String(i), title || `(제목 없는 ${i + 1}번째 열)`] as const)
    .filter(([i]) => plan.header[Number(i)] !== "");
  return (
    <AdminCard id={`${id}-title`} title={`열 고르기: ${plan.file.fileName}`} className="cost-step">
      <p className="cost-note">
        파일의 열마다 무엇인지 골라 주세요. 고른 열은 이 단지에서 같은 제목 줄의 파일에 다시 씁니다.
      </p>
      <Form ref={form} method="post" className="admin-form cost-mapping" noValidate>
        <input type="hidden" name="intent" value="map" />
        <input type="hidden" name="file" value={plan.file.id} />
        {LEAD_FILE_FIELDS.map((name) => {
          const fieldId = `${id}-${name}`;
          const error = errorOf(answer, name, fieldId);
          const required = REQUIRED.has(name);
          return (
            <div className="field" key={name}>
              <label htmlFor={fieldId}>
                {LEAD_FILE_FIELD_LABEL[name]}
                {required ? " (필수)" : " (없으면 비워 두기)"}
              </label>
              <select
                id={fieldId}
                name={name}
                defaultValue={plan.proposed[name]?.toString() ?? ""}
                {...error.input}
              >
                <option value="">{required ? "열을 고르세요" : "없음"}</option>
                <Options items={columns} />
              </select>
              {name === "consent" ? (
                <p id={`${fieldId}-hint`} className="field-hint">
                  예, Y, 동의, O 는 동의로 읽습니다. 동의 일시와 동의 경로도 있어야 동의로
                  저장합니다.
                </p>
              ) : null}
              <FieldError id={fieldId} message={error.message} />
            </div>
          );
        })}
        <SubmitRow>이 열로 미리 보기</SubmitRow>
      </Form>
      <CancelStep pendingId={plan.file.id} />
    </AdminCard>
  );
}

export function LeadPreviewStep({
  plan,
  sources,
  answer,
  changed,
}: {
  plan: Plan<"preview">;
  sources: string[];
  answer?: StepAnswer;
  changed: boolean;
}) {
  const id = useId();
  const form = useFocusFirstInvalid(answer);
  const refused = cut(plan.refused, 200);
  const { counts, choices } = plan;
  const sourceError = answer?.field === "source" ? answer.message : plan.problems.source;
  const consentError = answer?.field === "consent" ? answer.message : plan.problems.consent;
  const mapped = LEAD_FILE_FIELDS.filter((f) => plan.mapping[f] !== undefined)
    .map((f) => `${LEAD_FILE_FIELD_LABEL[f]} ← ${plan.header[plan.mapping[f]!]}`)
    .join(", ");
  return (
    <AdminCard id={`${id}-title`} title={`미리 보기: ${plan.file.fileName}`} className="cost-step">
      <FormMessage
        tone="error"
        focus={changed || answer?.field === "form" || answer?.field === "file"}
      >
        {answer?.field === "form" || answer?.field === "file"
          ? answer.message
          : changed
            ? "미리 보기를 새로 만들었습니다. 바뀐 내용을 확인한 뒤 저장해 주세요."
            : null}
      </FormMessage>
      {plan.sameFile ? (
        <p className="form-message is-error" role="alert">
          이 파일은 {formatKoreanDateTime(plan.sameFile.importedAt)}에 {plan.sameFile.importedBy}
          님이 이미 가져왔습니다. 다시 저장해도 아무것도 더하지 않습니다.
        </p>
      ) : (
        <p className="field-hint">
          아직 저장하지 않았습니다. 내용을 확인한 뒤 아래에서 저장해 주세요.
        </p>
      )}
      <dl className="card-facts cost-facts">
        <Fact term="행">{count(counts.rows)}</Fact>
        <Fact term="새 고객">{count(counts.newCards)}명</Fact>
        <Fact term="기존 고객에 추가">{count(counts.joined)}명</Fact>
        <Fact term="파일 안 중복">{count(counts.duplicates)}행</Fact>
        <Fact term="거부된 행">{count(counts.refused)}행</Fact>
        <Fact term="동의 미확인">{count(counts.unconfirmed)}명</Fact>
      </dl>
      <p className="cost-note">
        같은 연락처가 파일에 두 번 있으면 첫 행 하나로 저장합니다. 이미 있는 연락처는 그 고객 카드에
        접수로 더합니다. 홍보 문자는 동의한 새 고객에게만 보내며, 이 단지의 홍보 문자를 이미
        받았거나 오늘 받을 수 있는 문자를 다 받은 번호에는 보내지 않습니다.
      </p>
      <p className="cost-note">
        읽은 열: {mapped}.{" "}
        <a href={`?file=${encodeURIComponent(plan.file.id)}&remap=1`}>열 다시 고르기</a>
      </p>
      {plan.refused.length > 0 ? (
        <>
          <h3 className="admin-subtitle">거부된 행 ({count(plan.refused.length)}개)</h3>
          <ul className="cost-list cost-refused">
            {refused.shown.map((r) => (
              <li key={r.line}>
                {r.line}행: {r.reason}
              </li>
            ))}
            {refused.more ? <li>외 {count(refused.more)}행</li> : null}
          </ul>
        </>
      ) : null}

      <Form ref={form} method="post" className="admin-form cost-save" noValidate>
        <input type="hidden" name="file" value={plan.file.id} />
        <input type="hidden" name="previewed" value={plan.fingerprint} />
        <TextField
          id={`${id}-source`}
          name="source"
          label="유입 경로 (utm_source)"
          list={`${id}-sources`}
          defaultValue={choices.source}
          autoComplete="off"
          spellCheck={false}
          hint="예: kakao, daangn, db_vendor. 행마다 유입 경로 열이 있으면 그 값을 씁니다."
          error={sourceError}
        />
        <datalist id={`${id}-sources`}>
          {sources.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <TextField
          id={`${id}-campaign`}
          name="campaign"
          label="캠페인 (utm_campaign, 없으면 비워 두기)"
          defaultValue={choices.campaign}
          autoComplete="off"
        />
        <fieldset className="publish-choice" aria-describedby={`${id}-consent-hint`}>
          <legend>파일 전체의 개인정보·마케팅 수신 동의</legend>
          <p id={`${id}-consent-hint`} className="field-hint">
            행마다 동의 열이 없을 때 적습니다. 언제, 어디서 동의를 받았는지 둘 다 적어야 동의로
            저장하고, 없으면 동의 미확인으로 저장합니다.
          </p>
          <TextField
            id={`${id}-consentAt`}
            name="consentAt"
            label="동의 일시"
            placeholder="2026-03-01 14:00"
            defaultValue={choices.consentAt}
            autoComplete="off"
            error={consentError}
          />
          <TextField
            id={`${id}-consentWhere`}
            name="consentWhere"
            label="동의 경로"
            placeholder="카카오 비즈니스폼 신청서"
            defaultValue={choices.consentWhere}
            autoComplete="off"
          />
        </fieldset>
        <div className="admin-form-actions">
          <button type="submit" name="intent" value="preview" className="btn btn-outline">
            이 내용으로 미리 보기
          </button>
          <button type="submit" name="intent" value="save" className="btn btn-primary">
            {count(counts.newCards + counts.joined)}명 저장
          </button>
        </div>
      </Form>
      <CancelStep pendingId={plan.file.id} />
    </AdminCard>
  );
}

type Saved = Awaited<ReturnType<typeof listLeadFiles>>[number];

/**
 * 되돌리기 behind a second step, without JavaScript too; a file taken back says who took it back
 * and when instead.
 */
function UndoFile({ row }: { row: Saved }) {
  if (row.removed)
    return (
      <span>
        <span className="admin-tag">되돌림</span> {row.removed.by} ·{" "}
        {formatKoreanDateTime(row.removed.at)}
      </span>
    );
  return (
    <ConfirmDelete
      label={
        <>
          되돌리기<span className="sr-only"> ({row.fileName})</span>
        </>
      }
      question={`「${row.fileName}」 가져오기를 되돌릴까요? 이 파일로 만든 새 고객 ${count(row.newCards)}명과 기존 고객에 더한 접수 ${count(row.joined)}건, 아직 보내기 시작하지 않은 문자를 지웁니다. 이 파일로 신규가 된 기존 고객은 그 뒤 상태가 바뀌지 않았다면 전 상태로 돌아갑니다. 이미 보냈거나 보내는 중인 문자는 되돌릴 수 없고, 상담원이 손댄 고객(통화, 메모, 상태, 배정)이 있으면 아무것도 지우지 않습니다.`}
      confirm="되돌리기 확인"
      fields={{ intent: "undo", leadFile: row.id }}
    />
  );
}

const COLUMNS: Column<Saved>[] = [
  { key: "file", label: "파일", cell: (r) => r.fileName, className: "cost-file" },
  { key: "source", label: "유입 경로", cell: (r) => r.source },
  { key: "campaign", label: "캠페인", cell: (r) => r.campaign ?? "—" },
  { key: "new", label: "새 고객", cell: (r) => count(r.newCards), className: "num" },
  { key: "joined", label: "기존 고객에 추가", cell: (r) => count(r.joined), className: "num" },
  { key: "unconfirmed", label: "동의 미확인", cell: (r) => count(r.unconfirmed), className: "num" },
  { key: "by", label: "가져온 사람", cell: (r) => r.importedBy },
  {
    key: "at",
    label: "가져온 때",
    cell: (r) => formatKoreanDateTime(r.importedAt),
    className: "nowrap",
  },
  { key: "undo", label: "되돌리기", cell: (r) => <UndoFile row={r} /> },
];

export function LeadFileList({ files, highlight }: { files: Saved[]; highlight: string | null }) {
  return (
    <section aria-labelledby="lead-files" className="cost-imports-part">
      <h2 className="admin-subtitle" id="lead-files">
        가져온 리드 파일
      </h2>
      <DataTable
        columns={COLUMNS}
        rows={files}
        rowKey={(r) => r.id}
        rowProps={(r) => (r.id === highlight ? { className: "is-created" } : {})}
        className="admin-table admin-cards cost-imports"
        caption="가져온 리드 파일, 최근 것부터"
        empty="아직 가져온 리드 파일이 없습니다."
      />
    </section>
  );
}
