import { content, type MenuGroup, type MenuItem, type Page } from "./index";

export function findPage(path: string): Page | undefined {
  return content.pages.find((p) => p.path === path);
}

/** The page for a path; a missing entry is a content error caught by the route table test. */
export function getPage(path: string): Page {
  const page = findPage(path);
  if (!page) throw new Error(`콘텐츠에 페이지가 없습니다: ${path}`);
  return page;
}

export function menuGroup(title: string | undefined): MenuGroup | undefined {
  return title ? content.menu.find((g) => g.title === title) : undefined;
}

/** Where a top-level menu item links: its own url, or its first sub-page. */
export function groupUrl(group: MenuGroup): string {
  return group.url ?? group.items[0]!.url;
}

export function breadcrumbs(page: Page): MenuItem[] {
  const trail: MenuItem[] = [{ title: "홈", url: "/" }];
  const group = menuGroup(page.section);
  if (group) trail.push({ title: group.title, url: groupUrl(group) });
  if (page.path !== "/") trail.push({ title: page.title, url: page.path });
  return trail;
}

/** Paths rendered to static HTML at build time: every content page plus the default site's customer page. */
export function prerenderPaths(): string[] {
  return [...content.pages.map((p) => p.path), `/${content.press.defaultSite}/customer`];
}

/** Paths listed in sitemap.xml. */
export function sitemapPaths(): string[] {
  return [
    ...content.pages.filter((p) => !p.noindex).map((p) => p.path),
    `/${content.press.defaultSite}/press`,
  ];
}
