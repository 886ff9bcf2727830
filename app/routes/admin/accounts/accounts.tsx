import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/accounts";
import { AccountScopeFields } from "~/components/admin/account-fields";
import { AdminCard, CheckedForm } from "~/components/admin/admin-card";
import { AdminHead } from "~/components/admin/admin-head";
import { DataTable, type Column } from "~/components/admin/data-table";
import { useFocusFirstInvalid } from "~/components/admin/focus-invalid";
import { FormMessage } from "~/components/admin/form-message";
import { IntentButton } from "~/components/admin/intent-button";
import { OneTimeLink } from "~/components/admin/one-time-link";
import {
  createInvitation,
  listAccounts,
  listPendingInvitations,
  revokeInvitation,
} from "~/auth/accounts.server";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import {
  ACCOUNT_MESSAGES,
  INVITATION_DAYS,
  type AccountFieldErrors,
  type AccountFormValues,
  type ComplexOption,
} from "~/lib/accounts";
import { adminHeaders, adminTitle } from "~/lib/admin-page";
import { busyButton } from "~/lib/busy-form";
import { formatKoreanDateTime } from "~/lib/korean-time";
import { isRole, ROLE_LABELS, type Role } from "~/lib/roles";
import { ALL_SITES } from "~/lib/sites";
import { field, requireForm } from "~/http/form.server";
import { siteById, siteOrigin } from "~/sites/registry.server";
import { requestSiteId } from "~/sites/request-site.server";
import { complexOptions, readAccountForm } from "./account-form.server";
import { TextField } from "~/components/admin/text-field";

/*
 * /admin/accounts (계정 관리, agency administrators only): every account with its role, complexes,
 * mobile number, state and last sign-in; the invitation form (e-mail, role, complexes → a one-time link, shown
 * once, to pass on by hand: no e-mail is sent), and the invitations not used yet, which can be
 * withdrawn. An account's own page (/admin/accounts/:id) changes its role and complexes and
 * disables or enables it.
 */

export const meta = adminTitle("계정 관리");
export const headers = adminHeaders;

/** "모든 단지", or the complexes' names. */
function sitesText(sites: typeof ALL_SITES | readonly string[]): string {
  if (sites === ALL_SITES) return "모든 단지";
  return sites.map((id) => siteById(id)?.identity.name ?? id).join(", ") || "없음";
}

const DONE: Record<string, string> = {
  saved: ACCOUNT_MESSAGES.saved,
  disabled: ACCOUNT_MESSAGES.disabled,
  enabled: ACCOUNT_MESSAGES.enabled,
  revoked: ACCOUNT_MESSAGES.revoked,
};

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireArea(request, requestSiteId(request), "accounts");
  const [accounts, invitations] = await Promise.all([listAccounts(), listPendingInvitations()]);
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      me: admin.adminId,
      complexes: complexOptions(),
      accounts: accounts.map((a) => ({
        id: a.id,
        email: a.email,
        role: a.role,
        phone: a.phone,
        sites: sitesText(a.role === "agency" ? ALL_SITES : a.sites),
        disabledAt: a.disabledAt,
        lastSignInAt: a.lastSignInAt,
      })),
      invitations: invitations.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        sites: sitesText(i.role === "agency" ? ALL_SITES : i.sites),
        createdBy: i.createdBy,
        expiresAt: i.expiresAt,
      })),
      done: done && DONE[done] ? DONE[done] : null,
    },
    { headers: adminHeaders() },
  );
}

type InviteAnswer =
  | { ok: false; intent: "invite"; errors: AccountFieldErrors; values: AccountFormValues }
  | {
      ok: true;
      intent: "invite";
      link: string;
      email: string;
      role: Role;
      expiresAt: string;
      /** Each invitation's own answer: the form starts empty again after it. */
      id: string;
    };

/**
 * The link for an invitation: on this host when the invitee may use this complex (sessions are per
 * host), else on their first complex's public address.
 */
function invitationLink(request: Request, role: Role, sites: string[], token: string): string {
  const here = requestSiteId(request);
  const own = siteById(sites[0] ?? "");
  const origin =
    role === "agency" || sites.includes(here) || !own
      ? new URL(request.url).origin
      : siteOrigin(own);
  return `${origin}/admin/invite/${token}`;
}

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const admin = await requireArea(request, requestSiteId(request), "accounts");
  const form = await requireForm(request, 64 * 1024);
  const intent = field(form, "intent");

  if (intent === "revoke") {
    await revokeInvitation(field(form, "id"));
    return redirect("/admin/accounts?done=revoked", { headers: adminHeaders() });
  }

  const { values, checked } = readAccountForm(form, { withEmail: true });
  if (!checked.ok)
    return data<InviteAnswer>(
      { ok: false, intent: "invite", errors: checked.errors, values },
      { status: 400, headers: adminHeaders() },
    );
  const created = await createInvitation(checked.data, admin.adminId);
  if (!created.ok)
    return data<InviteAnswer>(
      { ok: false, intent: "invite", errors: { email: created.message }, values },
      { status: 400, headers: adminHeaders() },
    );
  const { invitation } = created;
  return data<InviteAnswer>(
    {
      ok: true,
      intent: "invite",
      id: invitation.id,
      link: invitationLink(request, invitation.role, invitation.sites, created.token),
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
    },
    { headers: adminHeaders() },
  );
}

/** The accounts' columns; `me` is tagged 나 and has no 수정. */
const accountColumns = (me: string): Column<AccountLine>[] => [
  {
    key: "email",
    label: "이메일",
    className: "account-email",
    // One grid cell on a phone, where the row is a card of label and value.
    cell: (a) => (
      <span>
        {a.email}
        {a.id === me ? <span className="admin-tag">나</span> : null}
      </span>
    ),
  },
  { key: "role", label: "역할", cell: (a) => ROLE_LABELS[a.role] },
  { key: "sites", label: "담당 단지", cell: (a) => a.sites },
  { key: "phone", label: "휴대폰", className: "nowrap", cell: (a) => a.phone ?? "없음" },
  {
    key: "state",
    label: "상태",
    cell: (a) =>
      a.disabledAt ? (
        <span className="state-badge is-draft">
          사용 중지 ({formatKoreanDateTime(a.disabledAt)})
        </span>
      ) : (
        <span className="state-badge is-published">사용 중</span>
      ),
  },
  {
    key: "lastSignIn",
    label: "마지막 로그인",
    className: "nowrap",
    cell: (a) => (a.lastSignInAt ? formatKoreanDateTime(a.lastSignInAt) : "기록 없음"),
  },
  {
    key: "manage",
    label: "관리",
    heading: <span className="sr-only">관리</span>,
    cell: (a) =>
      a.id === me ? (
        <span className="account-self">자기 계정</span>
      ) : (
        <Link to={`/admin/accounts/${a.id}`} className="admin-link">
          수정<span className="sr-only">: {a.email}</span>
        </Link>
      ),
  },
];

const INVITATION_COLUMNS: Column<InvitationLine>[] = [
  { key: "email", label: "이메일", className: "account-email", cell: (i) => i.email },
  { key: "role", label: "역할", cell: (i) => ROLE_LABELS[i.role] },
  { key: "sites", label: "담당 단지", cell: (i) => i.sites },
  {
    key: "expires",
    label: "만료",
    className: "nowrap",
    cell: (i) => formatKoreanDateTime(i.expiresAt),
  },
  { key: "createdBy", label: "초대한 사람", cell: (i) => i.createdBy ?? "알 수 없음" },
  {
    key: "revoke",
    label: "취소",
    heading: <span className="sr-only">취소</span>,
    cell: (i) => (
      <IntentButton
        intent="revoke"
        fields={{ id: i.id }}
        buttonClassName="btn btn-danger-outline btn-small"
      >
        초대 취소<span className="sr-only">: {i.email}</span>
      </IntentButton>
    ),
  },
];

type AccountLine = Route.ComponentProps["loaderData"]["accounts"][number];
type InvitationLine = Route.ComponentProps["loaderData"]["invitations"][number];

export default function AdminAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { me, accounts, invitations, done } = loaderData;
  const answer = actionData && "intent" in actionData ? (actionData as InviteAnswer) : null;
  const refused = actionData && "refused" in actionData ? actionData.formError : undefined;
  return (
    <>
      <AdminHead title="계정 관리" back={{ to: "/admin", label: "← 관리자 홈" }} />
      <p className="admin-summary">
        관리자를 초대하면 {INVITATION_DAYS}일 동안 한 번 쓸 수 있는 링크가 만들어집니다. 메일은
        보내지 않으니 링크를 복사해 전달해 주세요.
      </p>
      <FormMessage tone="error">{refused}</FormMessage>
      <FormMessage tone="ok" focus>
        {done && !actionData ? done : null}
      </FormMessage>
      {answer?.ok ? <InvitationLink key={`link-${answer.id}`} answer={answer} /> : null}
      <InviteForm
        // A new, empty form after each invitation made.
        key={answer?.ok ? `form-${answer.id}` : "form"}
        complexes={loaderData.complexes}
        answer={answer && !answer.ok ? answer : null}
      />

      <section className="account-section" aria-labelledby="accounts-title">
        <h2 id="accounts-title" className="admin-subtitle">
          계정 {accounts.length}개
        </h2>
        <DataTable
          className="admin-table admin-cards account-table"
          columns={accountColumns(me)}
          rows={accounts}
          rowKey={(a) => a.id}
        />
      </section>

      <section className="account-section" aria-labelledby="invitations-title">
        <h2 id="invitations-title" className="admin-subtitle">
          대기 중인 초대 {invitations.length}건
        </h2>
        {invitations.length ? (
          <DataTable
            className="admin-table admin-cards account-table"
            columns={INVITATION_COLUMNS}
            rows={invitations}
            rowKey={(i) => i.id}
          />
        ) : (
          <p className="admin-summary">쓰지 않은 초대 링크가 없습니다.</p>
        )}
      </section>
    </>
  );
}

/** The link just made, shown once (components/admin/one-time-link.tsx). */
function InvitationLink({ answer }: { answer: Extract<InviteAnswer, { ok: true }> }) {
  return (
    <AdminCard
      id="invited-title"
      title={
        <>
          초대 링크: {answer.email} ({ROLE_LABELS[answer.role]})
        </>
      }
      className="account-invited"
    >
      <p className="form-message is-ok" role="status">
        {ACCOUNT_MESSAGES.invited}
      </p>
      <OneTimeLink
        id="invited-link"
        label={`초대 링크 (${formatKoreanDateTime(answer.expiresAt)}까지)`}
        url={answer.link}
      />
    </AdminCard>
  );
}

function InviteForm({
  complexes,
  answer,
}: {
  complexes: ComplexOption[];
  answer: Extract<InviteAnswer, { ok: false }> | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? { email: "", role: "", sites: [], phone: "" };
  const first = errors.email ? "email" : errors.role ? "role" : errors.sites ? "sites" : undefined;
  const form = useFocusFirstInvalid(answer);
  return (
    <AdminCard id="invite-title" title="관리자 초대" className="account-invite">
      <CheckedForm ref={form} busy={busy}>
        <input type="hidden" name="intent" value="invite" />
        <TextField
          id="invite-email"
          name="email"
          label="이메일"
          type="email"
          autoComplete="off"
          defaultValue={values.email}
          error={errors.email}
          autoFocus={first === "email" ? true : undefined}
        />
        <AccountScopeFields
          idPrefix="invite"
          complexes={complexes}
          role={isRole(values.role) ? values.role : ""}
          sites={values.sites}
          errors={errors}
          focusError={first === "role" || first === "sites" ? first : undefined}
        />
        <button type="submit" className="btn btn-primary" {...busyButton(busy)}>
          {busy ? "만드는 중…" : "초대 링크 만들기"}
        </button>
      </CheckedForm>
    </AdminCard>
  );
}
