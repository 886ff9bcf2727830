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
import type { ImportPlan, listImports } from "~/channels/ad-cost-import.server";
import { MAPPING_COLUMNS, PLATFORM_LABEL } from "~/channels/ad-cost-import";
import { formatKoreanDateTime, formatKoreanDay } from "~/lib/korean-time";

/*
 * 광고비 가져오기's steps (app/routes/admin/crm/channels.costs.tsx): the upload, the columns of a
 * file no platform claims, the preview with its save, and the list of imported files. Plain forms:
 * each works without JavaScript, its refusal shown beside the field it is about.
 */

/** A refused post: the field it is about ("form": the whole step) and its Korean message. */
export type CostAnswer = StepAnswer;

type Plan<S extends ImportPlan["step"]> = Extract<ImportPlan, { step: S }>;

const won = (n: number) => `${n.toLocaleString("ko-KR")}원`;
const count = (n: number) => n.toLocaleString("ko-KR");

export function CostUploadStep({ answer, notice }: { answer?: CostAnswer; notice?: string }) {
  return (
    <UploadStep
      title="보고서 파일 올리기"
      label="보고서 파일 (CSV, TSV, XLSX)"
      submit="올리고 미리 보기"
      answer={answer}
      notice={notice}
    >
      10MB, 100,000행까지. 네이버 검색광고(화면·API 보고서), 카카오모먼트, 메타, 구글 애즈, 당근의
      보고서는 제목 줄을 보고 알아서 읽고, 다른 파일은 열을 골라 읽습니다. 저장하기 전에 미리 보기를
      보여 드립니다.
    </UploadStep>
  );
}

export function MappingStep({ plan, answer }: { plan: Plan<"mapping">; answer?: CostAnswer }) {
  const id = useId();
  const form = useFocusFirstInvalid(answer);
  const titles = [...new Set(plan.header.filter((t) => t !== ""))];
  const proposed = plan.proposed;
  return (
    <AdminCard id={`${id}-title`} title={`열 고르기: ${plan.file.fileName}`} className="cost-step">
      <p className="cost-note">
        {plan.message} 고른 열은 이 단지에서 같은 제목 줄의 파일에 다시 씁니다.
      </p>
      <Form ref={form} method="post" className="admin-form cost-mapping" noValidate>
        <input type="hidden" name="intent" value="map" />
        <input type="hidden" name="file" value={plan.file.id} />
        {MAPPING_COLUMNS.map((c) => {
          const fieldId = `${id}-${c.name}`;
          const error = errorOf(answer, c.name, fieldId);
          return (
            <div className="field" key={c.name}>
              <label htmlFor={fieldId}>
                {c.label}
                {c.required ? " (필수)" : " (없으면 비워 두기)"}
              </label>
              <select
                id={fieldId}
                name={c.name}
                defaultValue={proposed?.[c.name] ?? ""}
                {...error.input}
              >
                <option value="">{c.required ? "열을 고르세요" : "없음"}</option>
                <Options items={titles.map((t) => [t, t] as const)} />
              </select>
              {c.name === "source" ? (
                <p id={`${fieldId}-hint`} className="field-hint">
                  고르지 않으면 다음 단계에서 파일 전체의 유입 경로를 적습니다.
                </p>
              ) : null}
              <FieldError id={fieldId} message={error.message} />
            </div>
          );
        })}
        <fieldset className="publish-choice">
          <legend>비용에 VAT 포함</legend>
          <label className="check">
            <input
              type="radio"
              name="vat"
              value="yes"
              defaultChecked={proposed?.costIncludesVat !== false}
            />
            예, VAT가 포함된 금액입니다
          </label>
          <label className="check">
            <input
              type="radio"
              name="vat"
              value="no"
              defaultChecked={proposed?.costIncludesVat === false}
            />
            아니오, 10%를 더해 저장합니다
          </label>
        </fieldset>
        <SubmitRow>이 열로 미리 보기</SubmitRow>
      </Form>
      <CancelStep pendingId={plan.file.id} />
    </AdminCard>
  );
}

/** The campaign-days a file replaces, per campaign. */
function ReplacedDays({ days }: { days: { campaign: string; day: string }[] }) {
  const byCampaign = new Map<string, string[]>();
  for (const d of days) byCampaign.set(d.campaign, [...(byCampaign.get(d.campaign) ?? []), d.day]);
  return (
    <ul className="cost-list">
      {[...byCampaign].map(([campaign, list]) => {
        const { shown, more } = cut(list, 40);
        return (
          <li key={campaign}>
            <strong>{campaign || "(캠페인 없음)"}</strong>: {shown.map(formatKoreanDay).join(", ")}
            {more ? ` 외 ${more}일` : ""}
          </li>
        );
      })}
    </ul>
  );
}

/** A box the save needs ticked when the file asks for it (refused rows, overlapping days). */
function SaveCondition(props: {
  id: string;
  name: "excludeRefused" | "replaceOverlap";
  answer: CostAnswer | undefined;
  label: string;
  hint: string;
}) {
  const { id, name } = props;
  const error = errorOf(props.answer, name, id);
  return (
    <div className="field">
      <label className="check" htmlFor={id}>
        <input id={id} type="checkbox" name={name} value="1" {...error.input} />
        {props.label}
      </label>
      <p id={`${id}-hint`} className="field-hint">
        {props.hint}
      </p>
      <FieldError id={id} message={error.message} />
    </div>
  );
}

export function PreviewStep({
  plan,
  sources,
  answer,
  changed,
}: {
  plan: Plan<"preview">;
  sources: string[];
  answer?: CostAnswer;
  changed: boolean;
}) {
  const id = useId();
  const form = useFocusFirstInvalid(answer);
  const campaigns = cut(plan.campaigns, 30);
  const refused = cut(plan.refused, 200);
  const sourceError = errorOf(answer, "source", `${id}-source`);
  const sameFile = plan.targets.some((t) => t.sameFile);
  const replaced = plan.targets.filter((t) => t.replacedDays.length > 0);
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
      <p className="field-hint">
        아직 저장하지 않았습니다. 내용을 확인한 뒤 아래에서 저장해 주세요.
      </p>
      <dl className="card-facts cost-facts">
        <Fact term="매체">{PLATFORM_LABEL[plan.platform]}</Fact>
        <Fact term="행">{count(plan.rows)}</Fact>
        <Fact term="기간">
          {plan.firstDay && plan.lastDay
            ? `${formatKoreanDay(plan.firstDay)} ~ ${formatKoreanDay(plan.lastDay)} (${count(plan.days)}일)`
            : "—"}
        </Fact>
        <Fact term="합계 (VAT 포함)">{won(plan.totalWon)}</Fact>
        <Fact term="거부된 행">{count(plan.refused.length)}</Fact>
        {plan.targets.length > 1 ? (
          <Fact term="유입 경로별">
            {plan.targets
              .map((t) => `${t.source} ${count(t.rows)}행 ${won(t.totalWon)}`)
              .join(", ")}
          </Fact>
        ) : null}
      </dl>
      {plan.mapped ? (
        <p className="cost-note">
          이 단지에서 전에 고른 열로 읽었습니다.{" "}
          <a href={`?file=${encodeURIComponent(plan.file.id)}&remap=1`}>열 다시 고르기</a>
        </p>
      ) : null}
      <h3 className="admin-subtitle">캠페인 ({count(plan.campaigns.length)}개)</h3>
      <p className="cost-campaigns">
        {campaigns.shown.map((c) => c || "(캠페인 없음)").join(", ")}
        {campaigns.more ? ` 외 ${campaigns.more}개` : ""}
      </p>
      {sameFile ? (
        <p className="form-message is-error" role="alert">
          이미 가져온 파일입니다. 바뀐 것이 없습니다.
        </p>
      ) : null}
      <h3 className="admin-subtitle">겹치는 날</h3>
      {plan.needsSource ? (
        <p>
          아래에 유입 경로를 적고 미리 보기를 다시 만들면 이미 저장된 비용과 겹치는 날을 보여
          드립니다.
        </p>
      ) : replaced.length === 0 ? (
        <p>이미 저장된 비용과 겹치는 날은 없습니다.</p>
      ) : (
        replaced.map((t) => (
          <div key={t.source}>
            <p>
              유입 경로 <strong>{t.source}</strong>에 이미 저장된 아래 날짜의 비용과 겹칩니다.
              아래에서 ‘겹치는 날을 이 파일로 바꾸기’를 고르면 그 비용을 이 파일의 것으로 바꿉니다.
            </p>
            <ReplacedDays days={t.replacedDays} />
          </div>
        ))
      )}
      {plan.refused.length > 0 ? (
        <>
          <h3 className="admin-subtitle">거부된 행 ({count(plan.refused.length)}개)</h3>
          <ul className="cost-list cost-refused">
            {refused.shown.map((r) => (
              <li key={r.row}>
                {r.row}행: {r.reason}
              </li>
            ))}
            {refused.more ? <li>외 {count(refused.more)}행</li> : null}
          </ul>
        </>
      ) : null}

      <Form ref={form} method="post" className="admin-form cost-save" noValidate>
        <input type="hidden" name="file" value={plan.file.id} />
        <input type="hidden" name="previewed" value={plan.fingerprint} />
        <div className="field">
          <label htmlFor={`${id}-source`}>유입 경로 (utm_source)</label>
          <input
            id={`${id}-source`}
            name="source"
            list={`${id}-sources`}
            defaultValue={plan.source}
            autoComplete="off"
            spellCheck={false}
            {...sourceError.input}
          />
          <datalist id={`${id}-sources`}>
            {sources.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
          <p id={`${id}-source-hint`} className="field-hint">
            이 단지 광고 주소의 utm_source 값(소문자로 저장)입니다. 다음에 같은 매체의 파일을 올리면
            이 값을 제안합니다.
          </p>
          <FieldError id={`${id}-source`} message={sourceError.message} />
          <button type="submit" name="intent" value="preview" className="btn btn-outline btn-small">
            이 경로로 미리 보기
          </button>
        </div>
        {plan.unnamedCampaigns.length > 0 ? (
          <fieldset className="publish-choice" aria-describedby={`${id}-names-hint`}>
            <legend>캠페인 이름</legend>
            <p id={`${id}-names-hint`} className="field-hint">
              네이버 검색광고 API 보고서는 캠페인을 ID로만 적습니다. ID마다 이 단지의 utm_campaign
              이름을 한 번 적어 두면 다음부터 그 이름으로 읽습니다.
            </p>
            {answer?.field === "names" ? (
              <p className="field-error" role="alert">
                {answer.message}
              </p>
            ) : null}
            {plan.unnamedCampaigns.map((campaignId) => (
              <TextField
                key={campaignId}
                id={`${id}-c-${campaignId}`}
                name={`campaign:${campaignId}`}
                label={`캠페인 ID ${campaignId}`}
                autoComplete="off"
              />
            ))}
          </fieldset>
        ) : null}
        {plan.refused.length > 0 ? (
          <SaveCondition
            id={`${id}-exclude`}
            name="excludeRefused"
            answer={answer}
            label={`거부된 ${count(plan.refused.length)}행을 빼고 저장`}
            hint="고르지 않으면 아무것도 저장하지 않습니다."
          />
        ) : null}
        {replaced.length > 0 ? (
          <SaveCondition
            id={`${id}-overlap`}
            name="replaceOverlap"
            answer={answer}
            label="겹치는 날을 이 파일로 바꾸기"
            hint="고르지 않으면 아무것도 저장하지 않습니다. 같은 캠페인의 다른 날은 그대로 둡니다."
          />
        ) : null}
        <div className="admin-form-actions">
          <button type="submit" name="intent" value="save" className="btn btn-primary">
            {won(plan.totalWon)} 저장
          </button>
        </div>
      </Form>
      <CancelStep pendingId={plan.file.id} />
    </AdminCard>
  );
}

type Imported = Awaited<ReturnType<typeof listImports>>[number];

/** 삭제 behind a second step, without JavaScript too. */
function DeleteImport({ row }: { row: Imported }) {
  return (
    <ConfirmDelete
      label={
        <>
          삭제<span className="sr-only"> ({row.fileName})</span>
        </>
      }
      question={`「${row.fileName}」과(와) 그 비용 ${count(row.rows)}행을 삭제할까요? 되돌릴 수 없습니다.`}
      fields={{ intent: "delete", import: row.id }}
    />
  );
}

const COLUMNS: Column<Imported>[] = [
  { key: "file", label: "파일", cell: (r) => r.fileName, className: "cost-file" },
  { key: "platform", label: "매체", cell: (r) => PLATFORM_LABEL[r.platform], className: "nowrap" },
  { key: "source", label: "유입 경로", cell: (r) => r.source },
  {
    key: "period",
    label: "기간",
    cell: (r) => `${formatKoreanDay(r.firstDay)} ~ ${formatKoreanDay(r.lastDay)}`,
  },
  { key: "rows", label: "행", cell: (r) => count(r.rows), className: "num" },
  { key: "total", label: "합계 (원)", cell: (r) => count(r.totalWon), className: "num" },
  { key: "by", label: "가져온 사람", cell: (r) => r.importedBy },
  {
    key: "at",
    label: "가져온 때",
    cell: (r) => formatKoreanDateTime(r.importedAt),
    className: "nowrap",
  },
  { key: "delete", label: "삭제", cell: (r) => <DeleteImport row={r} /> },
];

export function ImportList({
  imports,
  highlight,
}: {
  imports: Imported[];
  highlight: string | null;
}) {
  return (
    <section aria-labelledby="cost-imports" className="cost-imports-part">
      <h2 className="admin-subtitle" id="cost-imports">
        가져온 파일
      </h2>
      <DataTable
        columns={COLUMNS}
        rows={imports}
        rowKey={(r) => r.id}
        rowProps={(r) => (r.id === highlight ? { className: "is-created" } : {})}
        className="admin-table admin-cards cost-imports"
        caption="가져온 광고비 파일, 최근 것부터"
        empty="아직 가져온 광고비 파일이 없습니다."
      />
    </section>
  );
}
