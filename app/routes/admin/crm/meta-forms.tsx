import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/meta-forms";
import { AdminCard, CheckedForm } from "~/components/admin/admin-card";
import { AdminHead } from "~/components/admin/admin-head";
import { useFocusFirstInvalid } from "~/components/admin/focus-invalid";
import { FormMessage } from "~/components/admin/form-message";
import { Options } from "~/components/admin/options";
import { TextField } from "~/components/admin/text-field";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { env } from "~/env.server";
import { field, requireForm } from "~/http/form.server";
import { adminHeaders, adminTitle } from "~/lib/admin-page";
import { cleanAttribution } from "~/lib/attribution";
import { formatKoreanDateTime } from "~/lib/korean-time";
import { requestSiteId } from "~/sites/request-site.server";
import { listMetaForms, saveMetaMapping } from "~/leads/meta-leads.server";
import {
  META_CAMPAIGN_FROM,
  META_CAMPAIGN_LABEL,
  META_TARGET_LABEL,
  META_TARGETS,
  type MetaCampaignFrom,
  type MetaTarget,
} from "~/leads/meta-mapping";

/*
 * /admin/channels/meta-forms (Meta 리드 양식, from 채널 성과): the complex's Meta lead forms, each
 * with its questions (read from Meta when its first lead came) and what each answer becomes on
 * our lead (이름, 연락처, 문의 내용, 개인정보 동의, 마케팅 수신 동의, or nothing), which of the
 * ad's names is the campaign, and the source (utm_source, meta by default). Works without
 * JavaScript: the form posts, the server answers.
 */

export const meta = adminTitle("Meta 리드 양식");
export const headers = adminHeaders;

const PATH = "/admin/channels/meta-forms";
const SAVED = "연결을 저장했습니다. 다음 리드부터 이대로 받습니다.";
const SOURCE_INVALID = "유입 경로는 100자 이내의 글자, 숫자, 기호 _ . - 로 적어 주세요.";

export async function loader({ request }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  await requireArea(request, siteId, "channels");
  const forms = await listMetaForms(siteId);
  const done = new URL(request.url).searchParams.get("done") === "saved";
  return data(
    { forms, hookUrl: `${env().SITE_URL}/hooks/meta/${siteId}`, done: done ? SAVED : null },
    { headers: adminHeaders() },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const siteId = requestSiteId(request);
  const admin = await requireArea(request, siteId, "channels");
  const form = await requireForm(request, 64 * 1024);
  const formId = field(form, "formId");
  const stored = (await listMetaForms(siteId)).find((f) => f.formId === formId);
  if (!stored)
    return data(
      { ok: false as const, formId, formError: "이 단지에 그런 Meta 양식이 없습니다." },
      { status: 404, headers: adminHeaders() },
    );
  const fields: Record<string, MetaTarget> = {};
  for (const [i, q] of stored.questions.entries()) {
    const target = field(form, `q${i}`) as MetaTarget;
    fields[q.key] = META_TARGETS.includes(target) ? target : stored.effective.fields[q.key]!;
  }
  const campaignValue = field(form, "campaign") as MetaCampaignFrom;
  const campaign = META_CAMPAIGN_FROM.includes(campaignValue) ? campaignValue : "campaign_name";
  const sourceText = field(form, "source").trim();
  const source = sourceText ? cleanAttribution({ utm_source: sourceText }).utm_source : "meta";
  if (!source)
    return data(
      { ok: false as const, formId, formError: SOURCE_INVALID },
      { status: 400, headers: adminHeaders() },
    );
  await saveMetaMapping(
    siteId,
    formId,
    { fields, campaign, source: source.toLowerCase() },
    admin.email,
  );
  return redirect(`${PATH}?done=saved#meta-form-${formId}`, { headers: adminHeaders() });
}

type MetaFormView = Route.ComponentProps["loaderData"]["forms"][number];

export default function MetaForms({ loaderData, actionData }: Route.ComponentProps) {
  const { forms, hookUrl, done } = loaderData;
  const busy = useNavigation().state === "submitting";
  const answer = actionData && "formId" in actionData ? actionData : null;
  return (
    <>
      <AdminHead title="Meta 리드 양식">
        <Link to="/admin/channels" className="btn btn-outline btn-small">
          채널 성과로
        </Link>
      </AdminHead>
      <p className="channel-note">
        Meta 앱의 Webhooks(페이지, leadgen)에 이 주소를 적으면 리드 광고의 리드가 고객 카드로
        들어옵니다: <code>{hookUrl}</code>. 양식마다 질문의 답을 어디에 적을지 고릅니다. 개인정보
        동의 질문에 동의한 답이 없는 리드는 동의 미확인으로 받고 마케팅 문자를 보내지 않습니다.
      </p>
      <FormMessage tone="ok" focus>
        {done}
      </FormMessage>
      <FormMessage tone="error" focus>
        {actionData?.formError ?? null}
      </FormMessage>
      {forms.length === 0 ? (
        <p className="admin-summary">
          아직 Meta에서 받은 양식이 없습니다. 양식의 첫 리드가 오면 질문이 여기에 보입니다.
        </p>
      ) : null}
      {forms.map((f) => (
        <MetaFormCard
          key={f.formId}
          form={f}
          busy={busy}
          error={answer?.formId === f.formId ? answer.formError : undefined}
        />
      ))}
    </>
  );
}

/** One form's questions and their mapping, posted on its own. */
function MetaFormCard({
  form: f,
  busy,
  error,
}: {
  form: MetaFormView;
  busy: boolean;
  error: string | undefined;
}) {
  const formRef = useFocusFirstInvalid(error);
  return (
    <AdminCard
      id={`meta-form-${f.formId}`}
      title={f.name || `양식 ${f.formId}`}
      className="meta-form-card"
    >
      <p className="field-hint">
        양식 ID {f.formId} ·{" "}
        {f.questionsFrom === "graph"
          ? "질문은 Meta에서 읽었습니다"
          : "Meta가 질문을 알려 주지 않아 받은 답의 이름으로 보여 줍니다"}
        {f.updatedBy ? ` · 마지막 수정 ${f.updatedBy} ${formatKoreanDateTime(f.updatedAt)}` : ""}
      </p>
      <CheckedForm ref={formRef} busy={busy}>
        <input type="hidden" name="formId" value={f.formId} />
        {f.questions.map((q, i) => (
          <div className="field" key={q.key}>
            <label htmlFor={`mf-${f.formId}-${i}`}>
              {q.label}
              {q.label !== q.key ? <span className="field-hint"> ({q.key})</span> : null}
            </label>
            <select
              id={`mf-${f.formId}-${i}`}
              name={`q${i}`}
              defaultValue={f.effective.fields[q.key]}
            >
              <Options items={META_TARGETS.map((t) => [t, META_TARGET_LABEL[t]] as const)} />
            </select>
          </div>
        ))}
        <div className="field">
          <label htmlFor={`mf-${f.formId}-campaign`}>캠페인으로 적을 이름</label>
          <select
            id={`mf-${f.formId}-campaign`}
            name="campaign"
            defaultValue={f.effective.campaign}
          >
            <Options items={META_CAMPAIGN_FROM.map((c) => [c, META_CAMPAIGN_LABEL[c]] as const)} />
          </select>
        </div>
        <TextField
          id={`mf-${f.formId}-source`}
          name="source"
          label="유입 경로 (utm_source)"
          hint="채널 성과에 보이는 경로 이름. 비우면 meta"
          defaultValue={f.effective.source}
          error={error}
          autoComplete="off"
        />
        <div className="admin-form-actions">
          <button type="submit" className="btn btn-primary">
            연결 저장
          </button>
        </div>
      </CheckedForm>
    </AdminCard>
  );
}
