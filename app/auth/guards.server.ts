/*
 * Guards for administrator routes, as small verbs a loader or action starts with:
 *
 *   const admin = await requireAdmin(request);      // signed out → redirect to the sign-in page
 *   const refused = refuseCrossSite(request);        // a state-changing request from elsewhere
 *   if (refused) return refused;
 */
import { data, redirect } from "react-router";
import { env } from "~/env.server";
import { AUTH_MESSAGES } from "~/lib/auth";
import { NO_STORE } from "~/lib/cache";
import { getSession, type AdminSession } from "./session.server";

export const SIGN_IN_PATH = "/admin/login";

/** The signed-in administrator, or null. */
export function getAdmin(request: Request): Promise<AdminSession | null> {
  return getSession(request);
}

/** The signed-in administrator; otherwise throws a redirect to the sign-in page and back here. */
export async function requireAdmin(request: Request): Promise<AdminSession> {
  const admin = await getSession(request);
  if (admin) return admin;
  const url = new URL(request.url);
  const back = url.pathname.replace(/\.data$/, "") + url.search;
  throw redirect(`${SIGN_IN_PATH}?redirectTo=${encodeURIComponent(back)}`, {
    headers: { "Cache-Control": NO_STORE },
  });
}

/**
 * True when the browser says this request comes from a page of this site: Sec-Fetch-Site is
 * "same-origin" and, when sent, Origin is this site's. A request without either header is refused
 * too (every browser in use sends at least one of them with a POST).
 */
export function isSameOrigin(request: Request): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  if (!fetchSite && !origin) return false;
  if (fetchSite && fetchSite !== "same-origin") return false;
  if (origin) {
    const allowed = [new URL(request.url).origin, new URL(env().SITE_URL).origin];
    if (!allowed.includes(origin)) return false;
  }
  return true;
}

export type RefusedAnswer = { ok: false; refused: true; formError: string };

/** A 403 answer (Korean message, nothing done) for a state-changing request from another site; else null. */
export function refuseCrossSite(request: Request) {
  if (isSameOrigin(request)) return null;
  return data<RefusedAnswer>(
    { ok: false, refused: true, formError: AUTH_MESSAGES.crossSite },
    { status: 403, headers: { "Cache-Control": NO_STORE } },
  );
}
