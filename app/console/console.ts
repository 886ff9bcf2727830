/*
 * The console's own frame (issue 39, item 6): which complex a console address works on, and the
 * same page's address for another complex. A console address names its complex by `?site=<id>`
 * when it is not the host's (app/console/console-site.server.ts), so every link of the frame carries
 * it and a page's own links keep it.
 */

/** The console's name in its header and on its sign-in pages. */
export const CONSOLE_NAME = "분양 홈페이지 관리";

/** `?site=<id>` for a complex other than the host's, else "". */
export function siteQuery(siteId: string, hostSite: string): string {
  return siteId === hostSite ? "" : `?site=${encodeURIComponent(siteId)}`;
}

/** `query` (a page's `?site=<id>`, or "") with one more `name=value`. */
export function withParam(query: string, param: string): string {
  return query ? `${query}&${param}` : `?${param}`;
}

/** Pages about one thing of a complex (a post, a card, an account): another complex opens their list. */
const LISTS = ["/admin/press", "/admin/leads", "/admin/accounts"];

/**
 * Where the switcher takes `pathname` (a console page) for the complex siteId: the same page, a
 * detail's list, a complex's own page (/admin/sites/<id>) for the other's.
 */
export function switchHref(pathname: string, siteId: string, hostSite: string): string {
  const path = pathname.replace(/\/+$/, "") || "/admin";
  if (/^\/admin\/sites\/[^/]+/.test(path)) return `/admin/sites/${encodeURIComponent(siteId)}`;
  const list = LISTS.find((l) => path.startsWith(`${l}/`));
  return `${list ?? path}${siteQuery(siteId, hostSite)}`;
}

/**
 * The desks' 단지 choice (lead desk, 채널 성과) for an administrator of every complex: the desk's
 * `scope` (a complex or 모든 단지), the request's complex, and every complex of the account by name.
 */
export type SiteChoice = {
  scope: string;
  current: string;
  choices: { id: string; name: string }[];
};
