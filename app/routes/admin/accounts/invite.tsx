// The press and administrator styles load only with these pages (not on every marketing page).
import type { RouteHandle } from "~/root";
import { ConsoleMinimalHeader } from "~/components/admin/console-header";
import "~/styles/press.css";
import "~/styles/admin.css";
import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/invite";
import { AdminCard, CheckedForm } from "~/components/admin/admin-card";
import { Fact } from "~/components/admin/facts";
import { useFocusFirstInvalid } from "~/components/admin/focus-invalid";
import { FormMessage } from "~/components/admin/form-message";
import { acceptInvitation, readInvitation, type Invitation } from "~/auth/accounts.server";
import { refuseCrossSite } from "~/auth/guards.server";
import { destroySession } from "~/auth/session.server";
import { ACCOUNT_MESSAGES, passwordProblem, PASSWORD_MIN } from "~/lib/accounts";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { busyButton } from "~/lib/busy-form";
import { formatKoreanDateTime } from "~/lib/korean-time";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from "~/lib/roles";
import { clientIp } from "~/http/client-ip.server";
import { field, requireForm } from "~/http/form.server";
import { siteById } from "~/sites/registry.server";
import { requestSiteId } from "~/sites/request-site.server";
import { TextField } from "~/components/admin/text-field";

/** The administrator's pages are hydrated by React Router (docs/decisions/014). */
export const handle: RouteHandle = { hydrate: true, console: true };

/*
 * /admin/invite/<token>: the page a one-time invitation link opens. The invitee sets a password
 * (the same rule as `npm run admin`), which creates the account with the invitation's role and
 * complexes, uses up the link and signs them in: a consultant lands on the lead desk, the others on
 * /admin. A used, expired, withdrawn or unknown link says so in Korean. A link works only on a host
 * of one of its complexes (sessions are per host); elsewhere it is unknown.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "관리자 초대");
export const headers = adminHeaders;

type Closed = "used" | "expired" | "unknown" | "exists";
const CLOSED: Record<Closed, { status: number; message: string }> = {
  unknown: { status: 404, message: ACCOUNT_MESSAGES.inviteUnknown },
  used: { status: 410, message: ACCOUNT_MESSAGES.inviteUsed },
  expired: { status: 410, message: ACCOUNT_MESSAGES.inviteExpired },
  exists: { status: 409, message: ACCOUNT_MESSAGES.inviteAccountExists },
};

/** Where a new account starts: a consultant at the lead desk, the others at /admin. */
const landing = (role: Role) => (role === "consultant" ? "/admin/leads" : "/admin");

/** The invitation the link opens on this host, or why it does not. */
async function invitationHere(request: Request, token: string) {
  const read = await readInvitation(token);
  if (read.state !== "valid") return read;
  const { invitation } = read;
  if (invitation.role !== "agency" && !invitation.sites.includes(requestSiteId(request)))
    return { state: "unknown" as const };
  return read;
}

const shown = (invitation: Invitation) => ({
  email: invitation.email,
  role: invitation.role,
  sites:
    invitation.role === "agency"
      ? "모든 단지"
      : invitation.sites.map((id) => siteById(id)?.identity.name ?? id).join(", "),
  expiresAt: invitation.expiresAt,
});

export async function loader({ request, params }: Route.LoaderArgs) {
  const read = await invitationHere(request, params.token);
  if (read.state !== "valid") {
    const closed = CLOSED[read.state];
    return data(
      { closed: closed.message, invitation: null, passwordMin: PASSWORD_MIN },
      { status: closed.status, headers: adminHeaders() },
    );
  }
  return data(
    { closed: null, invitation: shown(read.invitation), passwordMin: PASSWORD_MIN },
    { headers: { ...adminHeaders(), "Referrer-Policy": "no-referrer" } },
  );
}

type Answer =
  | { ok: false; errors: { password?: string; confirm?: string } }
  | { ok: false; closed: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const form = await requireForm(request, 16 * 1024);
  const password = field(form, "password");
  const confirm = field(form, "confirm");
  const problem = passwordProblem(password);
  const errors = {
    ...(problem ? { password: problem } : {}),
    ...(!problem && confirm !== password ? { confirm: ACCOUNT_MESSAGES.passwordMismatch } : {}),
  };
  const here = await invitationHere(request, params.token);
  if (here.state === "valid" && Object.keys(errors).length)
    return data<Answer>({ ok: false, errors }, { status: 400, headers: adminHeaders() });
  const result =
    here.state === "valid"
      ? await acceptInvitation(params.token, password, {
          ip: clientIp(request, context),
          userAgent: request.headers.get("user-agent") ?? undefined,
        })
      : ({ ok: false, state: here.state } as const);
  if (!result.ok) {
    const closed = CLOSED[result.state];
    return data<Answer>(
      { ok: false, closed: closed.message },
      { status: closed.status, headers: adminHeaders() },
    );
  }
  // Whoever was signed in on this browser before is signed out: the new account takes over.
  await destroySession(request);
  return redirect(landing(result.role), {
    headers: { ...adminHeaders(), "Set-Cookie": result.setCookie },
  });
}

export default function AdminInvite({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData && "ok" in actionData ? (actionData as Answer) : null;
  const refused = actionData && "refused" in actionData ? actionData.formError : undefined;
  const closed = (answer && "closed" in answer ? answer.closed : null) ?? loaderData.closed;
  const errors = answer && "errors" in answer ? answer.errors : {};
  const { invitation, passwordMin } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const form = useFocusFirstInvalid(answer);
  return (
    <div className="admin-shell">
      <ConsoleMinimalHeader />
      <main id="main" tabIndex={-1} className="admin-page admin-narrow">
        <h1 className="admin-title">관리자 초대</h1>
        <FormMessage tone="error">{refused}</FormMessage>
        {closed || !invitation ? (
          <>
            <FormMessage tone="error" focus>
              {closed}
            </FormMessage>
            <p>
              <Link to="/admin/login" className="admin-link">
                관리자 로그인
              </Link>
            </p>
          </>
        ) : (
          <AdminCard id="invite-password-title" title="비밀번호 설정">
            <dl className="account-facts">
              <Fact term="이메일">{invitation.email}</Fact>
              <Fact term="역할">
                {ROLE_LABELS[invitation.role]} · {ROLE_DESCRIPTIONS[invitation.role]}
              </Fact>
              <Fact term="단지">{invitation.sites}</Fact>
              <Fact term="링크 유효 기간">
                {formatKoreanDateTime(invitation.expiresAt)}까지, 한 번만
              </Fact>
            </dl>
            <CheckedForm ref={form} busy={busy}>
              {/* The account's name, for the browser's password manager. */}
              <input
                type="email"
                name="username"
                autoComplete="username"
                value={invitation.email}
                readOnly
                hidden
              />
              <TextField
                id="invite-password"
                name="password"
                label="새 비밀번호"
                type="password"
                autoComplete="new-password"
                hint={`${passwordMin}자 이상, 한 줄로 입력해 주세요.`}
                error={errors.password}
                autoFocus={errors.password ? true : undefined}
              />
              <TextField
                id="invite-confirm"
                name="confirm"
                label="새 비밀번호 확인"
                type="password"
                autoComplete="new-password"
                error={errors.confirm}
                autoFocus={!errors.password && errors.confirm ? true : undefined}
              />
              <button type="submit" className="btn btn-primary" {...busyButton(busy)}>
                {busy ? "설정 중…" : "비밀번호 설정하고 시작하기"}
              </button>
            </CheckedForm>
          </AdminCard>
        )}
      </main>
    </div>
  );
}
