import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/meta-forms";
import { AdminCard, CheckedForm } from "~/components/admin/admin-card";
import { AdminHead } from "~/components/admin/admin-head";
import { useFocusFirstInvalid } from "~/components/admin/focus-invalid";
import { FormMessage } from "~/components/admin/form-message";
import { Options } from "~/components/admin/options";
import { TextField } from "~/components/admin/text-field";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { env, siteSetting, siteSettingVariable, type SiteSettingName } from "~/env.server";
import { field, requireForm } from "~/http/form.server";
import { adminHeaders, adminTitle } from "~/lib/admin-page";
import { refuseWhileBusy } from "~/lib/busy-form";
import { cleanAttribution } from "~/lib/attribution";
import { formatKoreanDateTime } from "~/lib/korean-time";
import { requestSiteId } from "~/sites/request-site.server";
import {
  listMetaForms,
  metaLeadTrouble,
  retryStoppedMetaLeads,
  saveMetaMapping,
} from "~/leads/meta-leads.server";
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
const RETRIED = "멈춘 리드를 다시 읽기 시작했습니다.";
const SOURCE_INVALID =
  "유입 경로에 쓸 수 없는 글자가 있습니다. 100자 이내의 글자, 숫자와 _ . - 같은 기호로 적어 주세요.";

/** The complex's three Meta settings: the variable to set and whether it is set (never its value). */
const META_SETTINGS = [
  ["META_VERIFY_TOKEN", "확인 토큰 (Webhooks의 확인 토큰과 같은 값)"],
  ["META_APP_SECRET", "앱 시크릿 (Meta가 보낸 알림인지 확인)"],
  ["META_PAGE_TOKEN", "페이지 액세스 토큰 (leads_retrieval 권한, 리드를 읽을 때)"],
] as const satisfies readonly (readonly [SiteSettingName, string])[];

export async function loader({ request }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  await requireArea(request, siteId, "channels");
  const [forms, trouble] = await Promise.all([listMetaForms(siteId), metaLeadTrouble(siteId)]);
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      forms,
      trouble,
      hookUrl: `${env().SITE_URL}/hooks/meta/${siteId}`,
      settings: META_SETTINGS.map(([name, label]) => ({
        variable: siteSettingVariable(name, siteId),
        label,
        set: Boolean(siteSetting(name, siteId)),
      })),
      done: done === "saved" ? SAVED : done === "retried" ? RETRIED : null,
    },
    { headers: adminHeaders() },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const siteId = requestSiteId(request);
  const admin = await requireArea(request, siteId, "channels");
  const form = await requireForm(request, 64 * 1024);
  if (field(form, "intent") === "retry") {
    await retryStoppedMetaLeads(siteId);
    return redirect(`${PATH}?done=retried`, { headers: adminHeaders() });
  }
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
      { ok: false as const, formId, formError: SOURCE_INVALID, field: "source" as const },
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
  const { forms, trouble, hookUrl, settings, done } = loaderData;
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
        페이스북·인스타그램 리드 광고(인스턴트 양식)로 받은 리드는 이 단지의 고객 카드로 바로
        들어옵니다. 이 화면에서는 양식마다 질문의 답을 고객 카드의 어느 칸에 적을지 정합니다.
        개인정보 동의 질문에 동의한 답이 없는 리드는 ‘동의 미확인’으로 받고 마케팅 문자를 보내지
        않습니다.
      </p>
      <details className="meta-setup" open={forms.length === 0}>
        <summary>Meta 앱 연결 방법</summary>
        <ol>
          <li>
            Meta 개발자 앱의 Webhooks에서 ‘페이지’를 고르고 아래 콜백 URL과 확인 토큰을 적은 뒤
            leadgen 필드를 구독합니다.
            <br />
            콜백 URL: <code className="meta-hook-url">{hookUrl}</code>
          </li>
          <li>
            광고를 내는 페이지를 앱에 연결합니다. 아래 설정은 서버 운영 담당자가 넣습니다 (값은 이
            화면에 보이지 않습니다).
            <ul className="meta-settings">
              {settings.map((s) => (
                <li key={s.variable}>
                  <code>{s.variable}</code> · {s.label} ·{" "}
                  <strong className={s.set ? "meta-setting-set" : "meta-setting-missing"}>
                    {s.set ? "설정됨" : "설정 안 됨"}
                  </strong>
                </li>
              ))}
            </ul>
          </li>
        </ol>
      </details>
      <FormMessage tone="ok" focus>
        {done}
      </FormMessage>
      <FormMessage tone="error" focus>
        {actionData?.formError ?? null}
      </FormMessage>
      {trouble ? <MetaTrouble trouble={trouble} busy={busy} /> : null}
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
          error={answer?.formId === f.formId && "field" in answer ? answer.formError : undefined}
        />
      ))}
    </>
  );
}

/** The leads Meta named that could not be read yet: so an agency knows one is stuck, and why. */
function MetaTrouble({
  trouble,
  busy,
}: {
  trouble: NonNullable<Route.ComponentProps["loaderData"]["trouble"]>;
  busy: boolean;
}) {
  const total = trouble.retrying + trouble.failed;
  return (
    <AdminCard id="meta-trouble" title={`아직 읽지 못한 리드 ${total}건`} className="meta-trouble">
      <p>
        {trouble.retrying ? `다시 읽는 중 ${trouble.retrying}건` : ""}
        {trouble.retrying && trouble.failed ? " · " : ""}
        {trouble.failed ? `멈춤 ${trouble.failed}건` : ""}
      </p>
      <p>마지막 실패 {formatKoreanDateTime(trouble.lastAt)}</p>
      <p>{trouble.lastReason}</p>
      <p className="meta-form-about">
        다시 읽는 리드는 몇 시간 동안 자동으로 다시 시도합니다. 멈춘 리드는 원인(토큰, 권한)을 고친
        뒤 다시 읽게 하거나, Meta 비즈니스 스위트의 리드 센터에서 내려받아 확인해 주세요.
      </p>
      {trouble.failed ? (
        <Form method="post" onSubmit={refuseWhileBusy(busy)}>
          <input type="hidden" name="intent" value="retry" />
          <button type="submit" className="btn btn-outline btn-small">
            멈춘 리드 {trouble.failed}건 다시 읽기
          </button>
        </Form>
      ) : null}
    </AdminCard>
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
      <p className="meta-form-about">
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
