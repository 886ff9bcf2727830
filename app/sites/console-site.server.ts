import { data } from "react-router";
import { requireAdmin, requireArea } from "~/auth/guards.server";
import { NO_STORE } from "~/lib/cache";
import type { Area } from "~/lib/roles";
import { SITE_ID } from "~/lib/sites";
import { getDraft } from "./content-store.server";
import { requestSiteId } from "./request-site.server";

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
    query: `?site=${wanted}`,
  };
}
