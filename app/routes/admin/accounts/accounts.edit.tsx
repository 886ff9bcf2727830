import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/accounts.edit";
import { AccountScopeFields } from "~/components/admin/account-fields";
import { AdminCard, CheckedForm } from "~/components/admin/admin-card";
import { AdminHead } from "~/components/admin/admin-head";
import { Fact } from "~/components/admin/facts";
import { useFocusFirstInvalid } from "~/components/admin/focus-invalid";
import { FormMessage } from "~/components/admin/form-message";
import { changeAccount, getAccount, setAccountDisabled } from "~/auth/accounts.server";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import {
  ACCOUNT_MESSAGES,
  PHONE_LABEL,
  type AccountFieldErrors,
  type AccountFormValues,
} from "~/lib/accounts";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { busyButton, refuseWhileBusy } from "~/lib/busy-form";
import { formatKoreanDateTime } from "~/lib/korean-time";
import { isRole, ROLE_LABELS } from "~/lib/roles";
import { ALL_SITES } from "~/lib/sites";
import { field, requireForm } from "~/http/form.server";
import { requestSiteId } from "~/sites/request-site.server";
import { complexOptions, readAccountForm } from "./account-form.server";
import { TextField } from "~/components/admin/text-field";

/*
 * /admin/accounts/:id (agency administrators only): one account's role and complexes, its own
 * mobile number (a consultant's morning digest of calls goes there), and its use:
 * 사용 중지 ends every session of it at once and refuses its sign-in; 다시 사용 lets it sign in
 * again. Nobody changes their own account here, and the last agency administrator stays one.
 */

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, loaderData ? `계정: ${loaderData.account.email}` : "계정");
export const headers = adminHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireArea(request, requestSiteId(request), "accounts");
  const account = await getAccount(params.id);
  if (!account) throw data(ACCOUNT_MESSAGES.notFound, { status: 404, headers: adminHeaders() });
  return data(
    {
      self: account.id === admin.adminId,
      complexes: complexOptions(),
      account: {
        id: account.id,
        email: account.email,
        role: account.role,
        phone: account.phone,
        sites: account.sites === ALL_SITES ? [] : account.sites,
        createdAt: account.createdAt,
        disabledAt: account.disabledAt,
        lastSignInAt: account.lastSignInAt,
      },
    },
    { headers: adminHeaders() },
  );
}

type Answer = {
  ok: false;
  intent: "save" | "use";
  errors: AccountFieldErrors;
  values?: AccountFormValues;
  formError?: string;
};

export async function action({ request, params }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const admin = await requireArea(request, requestSiteId(request), "accounts");
  const form = await requireForm(request, 64 * 1024);
  const intent = field(form, "intent");

  if (intent === "disable" || intent === "enable") {
    const disabled = intent === "disable";
    const result = await setAccountDisabled(admin.adminId, params.id, disabled);
    if (!result.ok)
      return data<Answer>(
        { ok: false, intent: "use", errors: {}, formError: result.message },
        { status: 400, headers: adminHeaders() },
      );
    return redirect(`/admin/accounts?done=${disabled ? "disabled" : "enabled"}`, {
      headers: adminHeaders(),
    });
  }

  const { values, checked } = readAccountForm(form, { withEmail: false });
  if (!checked.ok)
    return data<Answer>(
      { ok: false, intent: "save", errors: checked.errors, values },
      { status: 400, headers: adminHeaders() },
    );
  // A form without the phone field (an older page still open) leaves the phone as it was.
  const result = await changeAccount(admin.adminId, params.id, {
    ...checked.data,
    phone: form.has("phone") ? checked.data.phone : undefined,
  });
  if (!result.ok)
    return data<Answer>(
      { ok: false, intent: "save", errors: {}, values, formError: result.message },
      { status: 400, headers: adminHeaders() },
    );
  return redirect("/admin/accounts?done=saved", { headers: adminHeaders() });
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { account, self } = loaderData;
  const answer = actionData && "intent" in actionData ? (actionData as Answer) : null;
  const refused = actionData && "refused" in actionData ? actionData.formError : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const save = answer?.intent === "save" ? answer : null;
  const errors = save?.errors ?? {};
  const first = errors.role ? "role" : errors.sites ? "sites" : errors.phone ? "phone" : undefined;
  const values = save?.values ?? {
    email: "",
    role: account.role,
    sites: account.sites,
    phone: account.phone ?? "",
  };
  const form = useFocusFirstInvalid(save);

  return (
    <>
      <AdminHead
        title={<>계정: {account.email}</>}
        back={{ to: "/admin/accounts", label: "← 계정 관리" }}
      />
      <dl className="account-facts">
        <Fact term="역할">{ROLE_LABELS[account.role]}</Fact>
        <Fact term="휴대폰">{account.phone ?? "없음"}</Fact>
        <Fact term="상태">
          {account.disabledAt
            ? `사용 중지 (${formatKoreanDateTime(account.disabledAt)})`
            : "사용 중"}
        </Fact>
        <Fact term="마지막 로그인">
          {account.lastSignInAt ? formatKoreanDateTime(account.lastSignInAt) : "기록 없음"}
        </Fact>
        <Fact term="만든 날">{formatKoreanDateTime(account.createdAt)}</Fact>
      </dl>
      <FormMessage tone="error" focus={!first}>
        {refused ?? answer?.formError}
      </FormMessage>
      {self ? (
        <p className="admin-summary">{ACCOUNT_MESSAGES.self}</p>
      ) : (
        <>
          <AdminCard id="account-scope-title" title="역할과 맡을 단지">
            <CheckedForm ref={form} busy={busy}>
              <input type="hidden" name="intent" value="save" />
              <AccountScopeFields
                idPrefix="account"
                complexes={loaderData.complexes}
                role={isRole(values.role) ? values.role : ""}
                sites={values.sites}
                errors={errors}
                focusError={first === "phone" ? undefined : first}
              />
              <TextField
                id="account-phone"
                name="phone"
                label={PHONE_LABEL}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                defaultValue={values.phone}
                hint="선택 사항입니다. 상담원에게는 매일 아침 9시에 그날 연락할 고객 목록이 이 번호로 문자로 갑니다."
                error={errors.phone}
                autoFocus={first === "phone" ? true : undefined}
              />
              <button type="submit" className="btn btn-primary" {...busyButton(busy)}>
                저장
              </button>
            </CheckedForm>
          </AdminCard>
          <AdminCard
            id="account-use-title"
            title={account.disabledAt ? "다시 사용" : "사용 중지"}
            className="account-use"
          >
            <Form method="post" className="admin-form" onSubmit={refuseWhileBusy(busy)}>
              {account.disabledAt ? (
                <>
                  <p>다시 사용하게 하면 이 계정은 원래 비밀번호로 로그인할 수 있습니다.</p>
                  <input type="hidden" name="intent" value="enable" />
                  <button type="submit" className="btn btn-outline" {...busyButton(busy)}>
                    다시 사용
                  </button>
                </>
              ) : (
                <>
                  <p>
                    사용 중지하면 이 계정의 로그인이 모두 바로 끝나고, 다시 사용하게 할 때까지
                    로그인할 수 없습니다.
                  </p>
                  <input type="hidden" name="intent" value="disable" />
                  <button type="submit" className="btn btn-danger" {...busyButton(busy)}>
                    사용 중지
                  </button>
                </>
              )}
            </Form>
          </AdminCard>
        </>
      )}
    </>
  );
}
