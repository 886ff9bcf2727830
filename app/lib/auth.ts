/*
 * Administrator sign-in: the messages a person sees (catalogue: "로그인 실패: " plus a reason that
 * never tells whether the account exists) and safeRedirect, the one gate for redirect targets that
 * come from a request.
 */

const SIGN_IN_FAILED = "로그인 실패: ";

export const AUTH_MESSAGES = {
  missing: `${SIGN_IN_FAILED}이메일과 비밀번호를 모두 입력해 주세요.`,
  wrong: `${SIGN_IN_FAILED}이메일 또는 비밀번호가 올바르지 않습니다.`,
  throttled: (minutes: number) =>
    `${SIGN_IN_FAILED}시도가 너무 많습니다. ${minutes}분 뒤에 다시 시도해 주세요.`,
  disabled: `${SIGN_IN_FAILED}사용이 중지된 계정입니다. 에이전시 관리자에게 문의해 주세요.`,
  crossSite:
    "다른 사이트에서 보낸 요청이라 처리하지 않았습니다. 이 사이트의 화면을 새로 고친 뒤 다시 시도해 주세요.",
  signedOut: "로그아웃되었습니다.",
} as const;

const HERE = "http://this.site";

/** The URL a browser on this site requests for `to`, when it is one of this site starting with "/x". */
function urlHere(to: string): URL | null {
  let url: URL;
  try {
    url = new URL(to, HERE);
  } catch {
    return null;
  }
  // "//host" or "/\host" (a backslash is a slash to a browser) would be another site's address.
  return url.origin === HERE && /^\/(?![/\\])/.test(url.pathname) ? url : null;
}

/**
 * Where the sign-in page sends a visitor back to: a path of this site, or fallback. A target with a
 * control character (a tab or line break, which a browser would drop) gets the fallback; any other
 * is first read as the browser will read it (backslashes as slashes, "." and ".." segments resolved,
 * "%2e" too), then checked: `/admin/..//evil.example` is `//evil.example`, another site, and gets
 * the fallback. So does a path whose decoded form would leave the site (`/%2F%2Fevil.example`,
 * `/admin/..%2f..%2f/evil`), for any layer that decodes before it resolves. The answer is the path
 * as the browser will request it.
 */
export function safeRedirect(to: unknown, fallback = "/admin"): string {
  // eslint-disable-next-line no-control-regex
  if (typeof to !== "string" || !to.startsWith("/") || /[\u0000-\u001f\u007f]/.test(to))
    return fallback;
  const url = urlHere(to);
  if (!url) return fallback;
  // Decoded once, twice…: still this site's (each decoding that changes the path shortens it).
  for (let path = url.pathname, decoded = path; ; path = decoded) {
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break; // a "%" no layer can decode further
    }
    if (decoded === path) break;
    if (!urlHere(decoded)) return fallback;
  }
  return url.pathname + url.search + url.hash;
}
