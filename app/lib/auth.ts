/*
 * Administrator sign-in: the messages a person sees (catalogue: "로그인 실패: " plus a reason that
 * never tells whether the account exists) and safeRedirect, the one gate for redirect targets that
 * come from a request.
 */

export const SIGN_IN_FAILED = "로그인 실패: ";

export const AUTH_MESSAGES = {
  missing: `${SIGN_IN_FAILED}이메일과 비밀번호를 모두 입력해 주세요.`,
  wrong: `${SIGN_IN_FAILED}이메일 또는 비밀번호가 올바르지 않습니다.`,
  throttled: (minutes: number) =>
    `${SIGN_IN_FAILED}시도가 너무 많습니다. ${minutes}분 뒤에 다시 시도해 주세요.`,
  crossSite:
    "다른 사이트에서 보낸 요청이라 처리하지 않았습니다. 이 사이트의 화면을 새로 고친 뒤 다시 시도해 주세요.",
  signedOut: "로그아웃되었습니다.",
} as const;

/** Where the sign-in page sends a visitor back to: a path of this site, or fallback. */
export function safeRedirect(to: unknown, fallback = "/admin"): string {
  if (typeof to !== "string" || to === "") return fallback;
  // Only a path: not "//host", not "/\host" (browsers read it as //host), no control characters.
  // eslint-disable-next-line no-control-regex
  if (!to.startsWith("/") || /^\/[/\\]/.test(to) || /[\u0000-\u001f\u007f\\]/.test(to))
    return fallback;
  try {
    const base = "http://this.site";
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
