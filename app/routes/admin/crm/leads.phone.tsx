import { randomUUID } from "node:crypto";
import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/leads.phone";
import { AdminCard, CheckedForm } from "~/components/admin/admin-card";
import { AdminHead } from "~/components/admin/admin-head";
import { useFocusFirstInvalid } from "~/components/admin/focus-invalid";
import { FormMessage } from "~/components/admin/form-message";
import { TextField } from "~/components/admin/text-field";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { deskScope } from "~/crm/lead-desk.server";
import { DESK_SITE_PARAM } from "~/crm/lead-desk";
import { field, requireForm } from "~/http/form.server";
import { createPhoneLead } from "~/leads/leads.server";
import { MESSAGE_MAX } from "~/leads/lead-form";
import { MAIN_NUMBER, parsePhoneLead, type PhoneLeadErrors } from "~/leads/phone-lead";
import { adminHeaders, adminTitle } from "~/lib/admin-page";
import { ALL_SITES } from "~/lib/sites";
import { dialledNumbers } from "~/lib/source-phone";
import { requireSite } from "~/sites/registry.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * /admin/leads/phone (전화 접수, from the lead desk; issue 42, item 2): a consultant who answers a
 * call writes the caller down: name, phone, 관심 평형, memo, the number the caller dialled (the
 * complex's 대표번호 or a source's number, content `phoneBySource`: the lead takes that source) and
 * the consent given on the call, recorded now under the account's e-mail. The lead is kind 전화 and
 * opens its card. Works without JavaScript: the form posts, the server answers beside each field.
 */

export const meta = adminTitle("전화 접수");
export const headers = adminHeaders;

/** The complex the desk works on: the one chosen (?site=, never 모든 단지) or the host's. */
async function workSite(request: Request) {
  const hostSite = requestSiteId(request);
  const admin = await requireArea(request, hostSite, "leads");
  const requested = new URL(request.url).searchParams.get(DESK_SITE_PARAM);
  const { scope } = deskScope(admin, hostSite, requested === ALL_SITES ? null : requested);
  const siteId = scope === ALL_SITES ? hostSite : scope;
  return { admin, site: requireSite(siteId), other: siteId === hostSite ? null : siteId };
}

const numbersOf = (site: ReturnType<typeof requireSite>) =>
  dialledNumbers(site).map((n) => ({ value: n.source ?? MAIN_NUMBER, label: n.label }));

export async function loader({ request }: Route.LoaderArgs) {
  const { admin, site, other } = await workSite(request);
  return data(
    {
      complex: site.identity.name,
      other,
      numbers: numbersOf(site),
      unitTypes: site.unitTypes.map((u) => u.label),
      recorder: admin.email,
      formKey: randomUUID(),
    },
    { headers: adminHeaders() },
  );
}

type Values = Record<
  "name" | "phone" | "dialled" | "unitType" | "message" | "privacyConsent" | "smsConsent",
  string
>;
type Answer = { errors: PhoneLeadErrors; values: Values };

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const { admin, site, other } = await workSite(request);
  const form = await requireForm(request, 64 * 1024);
  const values: Values = {
    name: field(form, "name"),
    phone: field(form, "phone"),
    dialled: field(form, "dialled"),
    unitType: field(form, "unitType"),
    message: field(form, "message"),
    privacyConsent: field(form, "privacyConsent"),
    smsConsent: field(form, "smsConsent"),
  };
  const checked = parsePhoneLead(values, {
    dialled: numbersOf(site).map((n) => n.value),
    unitTypes: site.unitTypes.map((u) => u.label),
  });
  const stored = checked.ok
    ? await createPhoneLead(site, {
        ...checked.data,
        formKey: field(form, "formKey"),
        recordedBy: admin.email,
      })
    : null;
  if (!stored?.customerId)
    return data<Answer>(
      {
        errors: checked.ok ? { dialled: "걸려 온 번호를 다시 선택해 주세요." } : checked.errors,
        values,
      },
      { status: 400, headers: adminHeaders() },
    );
  const query = other ? `${DESK_SITE_PARAM}=${other}&` : "";
  throw redirect(`/admin/leads/${stored.customerId}?${query}saved=phone`, {
    headers: adminHeaders(),
  });
}

export default function PhoneLead({ loaderData, actionData }: Route.ComponentProps) {
  const { numbers, unitTypes, recorder, formKey, other } = loaderData;
  const answer = actionData && "errors" in actionData ? actionData : null;
  const formError = actionData && "formError" in actionData ? actionData.formError : null;
  const values = answer?.values;
  const errors = answer?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  const formRef = useFocusFirstInvalid(answer);
  const chosen = values?.dialled ?? MAIN_NUMBER;
  const described = (name: keyof PhoneLeadErrors, hint?: string) =>
    [hint ?? "", errors[name] ? `pl-${name}-error` : ""].filter(Boolean).join(" ") || undefined;
  const error = (name: keyof PhoneLeadErrors) =>
    errors[name] ? (
      <p id={`pl-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  return (
    <>
      <AdminHead title={`전화 접수 · ${loaderData.complex}`}>
        <Link
          to={`/admin/leads${other ? `?${DESK_SITE_PARAM}=${other}` : ""}`}
          className="btn btn-outline btn-small"
        >
          상담 접수 관리로
        </Link>
      </AdminHead>
      <FormMessage tone="error" focus>
        {formError}
      </FormMessage>
      <AdminCard
        id="phone-lead-form"
        title="걸려 온 전화를 고객 카드로"
        className="phone-lead-card"
      >
        <CheckedForm ref={formRef} busy={busy}>
          <input type="hidden" name="formKey" value={formKey} />
          <fieldset
            className="field"
            aria-invalid={errors.dialled ? true : undefined}
            aria-describedby={described("dialled", "pl-dialled-hint")}
          >
            <legend>걸려 온 번호</legend>
            <p id="pl-dialled-hint" className="field-hint">
              고객이 건 번호를 고르면 그 번호의 유입 경로로 집계됩니다.
            </p>
            {numbers.map((n) => (
              <p key={n.value} className="field-check">
                <input
                  type="radio"
                  id={`pl-dialled-${n.value}`}
                  name="dialled"
                  value={n.value}
                  defaultChecked={n.value === chosen}
                />
                <label htmlFor={`pl-dialled-${n.value}`}>{n.label}</label>
              </p>
            ))}
            {error("dialled")}
          </fieldset>
          <TextField
            id="pl-name"
            name="name"
            label="이름"
            defaultValue={values?.name}
            error={errors.name}
            autoComplete="off"
          />
          <TextField
            id="pl-phone"
            name="phone"
            label="연락처"
            hint="예: 010-1234-5678"
            type="tel"
            inputMode="tel"
            defaultValue={values?.phone}
            error={errors.phone}
            autoComplete="off"
          />
          <div className="field">
            <label htmlFor="pl-unitType">관심 평형</label>
            <select
              id="pl-unitType"
              name="unitType"
              defaultValue={values?.unitType ?? ""}
              aria-invalid={errors.unitType ? true : undefined}
              aria-describedby={described("unitType")}
            >
              <option value="">정하지 않음</option>
              {unitTypes.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
            {error("unitType")}
          </div>
          <div className="field">
            <label htmlFor="pl-message">메모</label>
            <textarea
              id="pl-message"
              name="message"
              rows={4}
              maxLength={MESSAGE_MAX}
              defaultValue={values?.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={described("message")}
            />
            {error("message")}
          </div>
          <fieldset className="field" aria-describedby="pl-consent-hint">
            <legend>통화 중 받은 동의</legend>
            <p id="pl-consent-hint" className="field-hint">
              저장하는 시각과 기록한 계정({recorder})이 동의 기록으로 남습니다. 문자 수신 동의가
              없으면 수신 미동의로 기록하고 광고 문자를 보내지 않습니다.
            </p>
            <p className="field-check">
              <input
                type="checkbox"
                id="pl-privacyConsent"
                name="privacyConsent"
                defaultChecked={values ? values.privacyConsent === "on" : false}
                aria-invalid={errors.privacyConsent ? true : undefined}
                aria-describedby={described("privacyConsent")}
              />
              <label htmlFor="pl-privacyConsent">개인정보 수집·이용에 동의했습니다 (필수)</label>
            </p>
            {error("privacyConsent")}
            <p className="field-check">
              <input
                type="checkbox"
                id="pl-smsConsent"
                name="smsConsent"
                defaultChecked={values?.smsConsent === "on"}
              />
              <label htmlFor="pl-smsConsent">광고 문자 수신에 동의했습니다 (선택)</label>
            </p>
          </fieldset>
          <button type="submit" className="btn btn-primary">
            전화 접수 저장
          </button>
        </CheckedForm>
      </AdminCard>
    </>
  );
}
