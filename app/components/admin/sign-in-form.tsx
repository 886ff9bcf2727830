import { Form, useNavigation } from "react-router";
import { useId } from "react";
import { busyButton, refuseWhileBusy } from "~/lib/busy-form";

/** The administrator's sign-in form (press list and /admin/login). Works without JavaScript. */
export function SignInForm({
  action,
  redirectTo,
  error,
  email = "",
  title = "관리자 로그인",
}: {
  action: string;
  redirectTo?: string;
  error?: string;
  email?: string;
  title?: string;
}) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <section className="admin-card sign-in" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-card-title">
        {title}
      </h2>
      <Form
        method="post"
        action={action}
        className="admin-form"
        aria-describedby={error ? `${id}-error` : undefined}
        onSubmit={refuseWhileBusy(busy)}
      >
        <input type="hidden" name="intent" value="signin" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <div className="field">
          <label htmlFor={`${id}-email`}>이메일</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            defaultValue={email}
            required
            aria-invalid={error ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>비밀번호</label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            // A page answered for a failed sign-in (the press list is not hydrated: a page load)
            // starts where the visitor goes on, the password, not at the top.
            autoFocus={Boolean(error)}
          />
        </div>
        {error ? (
          <p id={`${id}-error`} className="form-message is-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" {...busyButton(busy)}>
          {busy ? "로그인 중…" : "로그인"}
        </button>
      </Form>
    </section>
  );
}

/** "관리자 …님" and the sign-out button. */
export function AdminWelcome({ email, redirectTo }: { email: string; redirectTo: string }) {
  return (
    <div className="admin-welcome">
      <p>
        <strong>{email}</strong>님, 환영합니다.
      </p>
      <Form method="post" action="/admin/logout">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit" className="btn btn-outline btn-small">
          로그아웃
        </button>
      </Form>
    </div>
  );
}
