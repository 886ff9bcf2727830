/*
 * Guards for administrator routes, as small verbs a loader or action starts with:
 *
 *   const siteId = requestSiteId(request);
 *   const admin = await requireArea(request, siteId, "leads"); // signed out → the sign-in page;
 *                           // an account whose role or complexes do not give it the area → 404
 *   const refused = refuseCrossSite(request);          // a state-changing request from elsewhere
 *   if (refused) return refused;
 *
 * requireAdmin(request, siteId) is the same for pages every role of the complex may see (/admin).
 * Which role may use which area: access.server.ts.
 */
import { data, redirect } from "react-router";
import { env } from "~/env.server";
import { AUTH_MESSAGES } from "~/lib/auth";
import { NO_STORE } from "~/lib/cache";
import type { Area } from "~/lib/roles";
import { mayUse } from "./access.server";
import { isAdminFor } from "./admin.server";
import { getSession, type AdminSession } from "./session.server";

const SIGN_IN_PATH = "/admin/login";

/**
 * The signed-in administrator of the complex siteId, or null (signed out, or an administrator of
 * other complexes only: a public page shows them what a visitor sees).
 */
export async function getAdmin(request: Request, siteId: string): Promise<AdminSession | null> {
  const admin = await getSession(request);
  return admin && isAdminFor(admin, siteId) ? admin : null;
}

/**
 * The signed-in administrator of the complex siteId who may use `area` of it, or null: a public
 * page with an administrator's part (the press list's write form) shows the others what a visitor
 * sees of that part.
 */
export async function getAdminFor(
  request: Request,
  siteId: string,
  area: Area,
): Promise<AdminSession | null> {
  const admin = await getSession(request);
  return admin && mayUse(admin, siteId, area) ? admin : null;
}

/**
 * The 404 an administrator gets outside their complexes or role: the same as for a page that does
 * not exist.
 */
function notFound() {
  return data(null, { status: 404, headers: { "Cache-Control": NO_STORE } });
}

/**
 * Throws the 404 of a page that does not exist when the request carries the session of an
 * administrator of other complexes only: no page or answer of this complex's administration tells
 * them it is there (the sign-in page and sign-out call it; requireAdmin does it too).
 */
export async function refuseOtherSitesAdmin(request: Request, siteId: string): Promise<void> {
  const admin = await getSession(request);
  if (admin && !isAdminFor(admin, siteId)) throw notFound();
}

/**
 * The signed-in administrator of the complex siteId. Signed out: throws a redirect to the sign-in
 * page and back here. Signed in as an administrator of other complexes only: throws a 404.
 */
export async function requireAdmin(request: Request, siteId: string): Promise<AdminSession> {
  const admin = await getSession(request);
  if (admin) {
    if (!isAdminFor(admin, siteId)) throw notFound();
    return admin;
  }
  const url = new URL(request.url);
  const back = url.pathname.replace(/\.data$/, "") + url.search;
  throw redirect(`${SIGN_IN_PATH}?redirectTo=${encodeURIComponent(back)}`, {
    headers: { "Cache-Control": NO_STORE },
  });
}

/**
 * The signed-in administrator who may use `area` of the complex siteId (access.server.ts). Signed
 * out: throws a redirect to the sign-in page and back here. Signed in without that area there (other
 * complexes, or a role without it): throws the 404 of a page that does not exist.
 *
 *   const admin = await requireArea(request, siteId, "content");
 */
export async function requireArea(
  request: Request,
  siteId: string,
  area: Area,
): Promise<AdminSession> {
  const admin = await requireAdmin(request, siteId);
  if (!mayUse(admin, siteId, area)) throw notFound();
  return admin;
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
