import { data } from "react-router";
import { isAdminFor, type AdminSites } from "~/auth/admin.server";
import { requireAdmin, requireArea } from "~/auth/guards.server";
import { NO_STORE } from "~/lib/cache";
import { siteQuery, type SiteChoice } from "~/console/console";
import type { Area } from "~/lib/roles";
import { SITE_ID } from "~/lib/sites";
import { getDraft } from "./content-store.server";
import { allSites, siteById, siteOrigin } from "~/sites/registry.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * The complex a console page works on. An agency administrator signs in at one address and works
 * every complex from it, a new one included before it has pages or hosts of its own: `?site=<id>`
 * names it (the publishing page's links, 단지 관리). Without it, the complex of the request's host.
 */

export type ConsoleSite = {
  admin: Awaited<ReturnType<typeof requireArea>>;
  siteId: string;
  /** `?site=<id>` when the complex is not the host's, for the page's own links and forms; else "". */
  query: string;
};

/**
 * The complex and its administrator with `area` there. Signed out: the sign-in page and back. An id
 * that names no complex in the store, or one outside the account's area: the 404 of a page that does
 * not exist.
 */
export async function requireConsoleSite(request: Request, area: Area): Promise<ConsoleSite> {
  const hostSite = requestSiteId(request);
  const wanted = new URL(request.url).searchParams.get("site");
  if (!wanted || wanted === hostSite) {
    return { admin: await requireArea(request, hostSite, area), siteId: hostSite, query: "" };
  }
  if (!SITE_ID.test(wanted) || !(await getDraft(wanted))) {
    await requireAdmin(request, hostSite);
    throw data(null, { status: 404, headers: { "Cache-Control": NO_STORE } });
  }
  return {
    admin: await requireArea(request, wanted, area),
    siteId: wanted,
    query: siteQuery(wanted, hostSite),
  };
}

/** A complex as the console names it: its name (단지명), and where its pages are served. */
export type ConsoleComplex = { id: string; name: string; host: string; origin: string };

function consoleComplex(id: string): ConsoleComplex {
  const site = siteById(id);
  if (!site) return { id, name: id, host: "", origin: "" };
  const origin = siteOrigin(site);
  return { id, name: site.identity.name || id, host: new URL(origin).host, origin };
}

/**
 * Every complex of the account, by name (the console's switcher, the desks' 단지 choice), in
 * Korean order; a complex made on another instance a moment ago comes with the next sync.
 */
export function consoleComplexes(admin: { sites: AdminSites }): ConsoleComplex[] {
  return allSites()
    .filter((s) => isAdminFor(admin, s.id))
    .map((s) => consoleComplex(s.id))
    .sort((a, b) => a.name.localeCompare(b.name, "ko") || a.id.localeCompare(b.id));
}

/**
 * The console's frame (app/routes/admin/layout.tsx): the signed-in account and the complex its
 * pages work on, `?site=<id>` when the account may use that complex, else the host's. It refuses
 * nothing `requireConsoleSite` of the page itself would let through: `?site=*` (the desks' 모든
 * 단지) or an unknown id leaves the frame on the host's complex, and the page answers. `pageSite`:
 * the complex a page's address names (/admin/sites/<id>).
 */
export async function requireConsoleFrame(request: Request, pageSite?: string) {
  const hostSite = requestSiteId(request);
  const wanted = pageSite ?? new URL(request.url).searchParams.get("site");
  const admin = await requireAdmin(request, hostSite);
  // A complex made a moment ago is in the store before this instance's registry has it (the next
  // sync): named from its draft meanwhile.
  const draft =
    !!wanted && SITE_ID.test(wanted) && !siteById(wanted) ? await getDraft(wanted) : undefined;
  const known = !!wanted && SITE_ID.test(wanted) && (!!siteById(wanted) || !!draft);
  const siteId = known && wanted !== hostSite && isAdminFor(admin, wanted) ? wanted : hostSite;
  const current = consoleComplex(siteId);
  const draftName = (draft?.content as { identity?: { name?: string } } | undefined)?.identity
    ?.name;
  if (siteId === wanted && !siteById(siteId) && draftName) current.name = draftName;
  return {
    admin,
    hostSite,
    current,
    query: siteQuery(siteId, hostSite),
  };
}

/**
 * The desks' 단지 choice (lead desk, 채널 성과): every complex of the account by name, with or
 * without leads or counts; null while there is nothing else to choose.
 */
export function deskSiteChoice(
  admin: { sites: AdminSites },
  scope: string,
  current: string,
): SiteChoice | null {
  const choices = consoleComplexes(admin).map(({ id, name }) => ({ id, name }));
  return choices.length > 1 || scope !== current ? { scope, current, choices } : null;
}
