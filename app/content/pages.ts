import type { MenuGroup, MenuItem, Milestone, Page, Site } from "./schema";

/* A complex's pages, menus and paths: each function takes the complex first (`Site`). */

export function findPage(site: Site, path: string): Page | undefined {
  return site.pages.find((p) => p.path === path);
}

/** The page for a path; a missing entry is a content error caught by the route table test. */
export function getPage(site: Site, path: string): Page {
  const page = findPage(site, path);
  if (!page) throw new Error(`콘텐츠에 페이지가 없습니다: ${path}`);
  return page;
}

export function menuGroup(site: Site, title: string | undefined): MenuGroup | undefined {
  return title ? site.menu.find((g) => g.title === title) : undefined;
}

/** The menu item that leads to every site's press pages (a redirect to the default site's list). */
export const PRESS_MENU_URL = "/Promotion/Press";
/** The menu item of the visit-reservation page, which every site's customer page also is. */
const CUSTOMER_MENU_URL = "/Promotion/Customer";

/**
 * The menu item to mark as current on `path`: the item with that url, the one a page outside the
 * menu names (`menuUrl`, e.g. the registration form), or the press item on a site's press pages.
 */
export function currentMenuUrl(site: Site, path: string): string | undefined {
  if (site.menu.some((g) => g.items.some((i) => i.url === path))) return path;
  const page = findPage(site, path);
  if (page) return page.menuUrl;
  const m = /^\/([^/]+)\/(press|customer)(?:\/|$)/.exec(path);
  if (!m || !site.press.sites.includes(m[1]!)) return undefined;
  return m[2] === "press" ? PRESS_MENU_URL : CUSTOMER_MENU_URL;
}

/** Where a top-level menu item links: its own url, or its first sub-page. */
export function groupUrl(group: MenuGroup): string {
  return group.url ?? group.items[0]!.url;
}

export function breadcrumbs(site: Site, page: Page): MenuItem[] {
  const trail: MenuItem[] = [{ title: "홈", url: "/" }];
  const group = menuGroup(site, page.section);
  if (group) trail.push({ title: group.title, url: groupUrl(group) });
  if (page.path !== "/") trail.push({ title: page.title, url: page.path });
  return trail;
}

/**
 * A milestone as messages and the console name it: its step, with its detail ("청약 접수
 * (특별공급)"). Here rather than in schema.ts, whose zod a page that names one should not load.
 */
export const milestoneLabel = (m: { step: string; detail?: string }) =>
  m.detail ? `${m.step} (${m.detail})` : m.step;

/** The schedule page and the calendar file of each milestone that has a date. */
export const SCHEDULE_PATH = "/BusinessGuide/plan";
export function milestoneIcsPath(m: Pick<Milestone, "key">): string {
  return `${SCHEDULE_PATH}/${m.key}.ics`;
}
export function calendarMilestones(site: Site): Milestone[] {
  return site.infoPages.schedule.milestones.filter((m) => m.date);
}

/** Pages rendered to static HTML at build time: every content page and the default site's customer page. */
export function prerenderPagePaths(site: Site): string[] {
  return [...site.pages.map((p) => p.path), `/${site.press.defaultSite}/customer`];
}

/** Everything rendered at build time: the pages and the milestones' calendar files. */
export function prerenderPaths(site: Site): string[] {
  return [...prerenderPagePaths(site), ...calendarMilestones(site).map(milestoneIcsPath)];
}

/** Paths listed in sitemap.xml. */
export function sitemapPaths(site: Site): string[] {
  return [
    ...site.pages.filter((p) => !p.noindex).map((p) => p.path),
    `/${site.press.defaultSite}/press`,
  ];
}

/**
 * True when path is a page of this site that can hold a lead form: a content page, or a press list,
 * press post or customer page of one of the sites. Lead forms record it as where the lead came from.
 */
export function isSitePath(site: Site, path: string): boolean {
  if (site.pages.some((p) => p.path === path)) return true;
  const m = /^\/([^/]+)\/(press|customer|press\/[A-Za-z0-9_-]{1,100})$/.exec(path);
  return Boolean(m && site.press.sites.includes(m[1]!));
}
