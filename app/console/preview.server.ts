import { prerenderPagePaths } from "~/content/pages";
import type { Site } from "~/content/schema";
import { siteJsonSchema } from "~/content/schema";
import { problemField, type FieldSchema } from "~/console/form-schema";
import { contentHref } from "~/lib/content-href";
import { documentProblems, siteOfDocument } from "./content-store.server";
import { ensureDrawn } from "~/media/drawn.server";
import { applyLive, readLive, valuesOf } from "~/sites/live.server";

/*
 * 미리보기 (issue 29, item 4): a complex's pages rendered from its draft by the public pages'
 * renderer (server/render-site.js renderPage, the complex's id resolving to the draft for the time
 * of one render: registry.server.ts withSiteOverride). The console page /admin/preview shows them
 * in frames from /admin/preview/page/<path>; links between the complex's pages stay in the preview,
 * and its forms are inert (no lead is sent from a preview).
 */

const PREVIEW_PAGE = "/admin/preview/page";

/** The frame address of a page path (`query`: the console's `?site=<id>`, or ""). */
export function previewUrl(path: string, query: string): string {
  return `${PREVIEW_PAGE}${path === "/" ? "" : path}${query}`;
}

export type PreviewProblem = { message: string; label: string; href: string };

/**
 * The draft as its pages would be published (its live values applied, as the registry serves a
 * published version), or the problems that keep it from becoming a complex, each linking to its
 * field in the content form.
 */
export async function previewSite(
  siteId: string,
  content: Record<string, unknown>,
): Promise<{ ok: true; site: Site } | { ok: false; problems: PreviewProblem[] }> {
  const problems = documentProblems(siteId, content);
  if (problems.length) {
    const schema = siteJsonSchema() as FieldSchema;
    return {
      ok: false,
      problems: problems.map((p) => {
        const { id, label } = problemField(schema, content, p.path);
        return {
          message: p.message,
          label,
          href: contentHref(siteId, id),
        };
      }),
    };
  }
  const site = siteOfDocument(siteId, content, `단지 ${siteId} 초안`);
  await ensureDrawn(site);
  return { ok: true, site: applyLive(site, valuesOf(await readLive(siteId))) };
}

/** The pages a preview shows, in menu order, each by its Korean menu title ("분양안내 › 청약안내"). */
export function previewPages(site: Site): { path: string; label: string }[] {
  const paths = prerenderPagePaths(site);
  const out: { path: string; label: string }[] = [];
  const add = (path: string, label: string) => {
    if (paths.includes(path) && !out.some((p) => p.path === path)) out.push({ path, label });
  };
  add("/", "홈");
  for (const group of site.menu) {
    for (const item of group.items) add(item.url, `${group.title} › ${item.title}`);
    if (group.url) add(group.url, group.title);
  }
  for (const page of site.pages) add(page.path, page.title);
  const customer = `/${site.press.defaultSite}/customer`;
  const booking = site.menu.flatMap((g) => g.items).find((i) => i.url === "/Promotion/Customer");
  add(customer, booking?.title ?? "방문 예약");
  return out;
}

const ANCHOR_HREF = /(<a\b[^>]*?\shref=")(\/[^"#?]*)([^"]*)"/g;

/**
 * A rendered page as the preview shows it: links to the complex's own pages go to their preview,
 * forms are inert (seen, never sent: no lead from a preview).
 */
export function previewHtml(html: string, site: Site, query: string): string {
  const paths = new Set(prerenderPagePaths(site));
  return html
    .replace(ANCHOR_HREF, (whole, start: string, path: string, rest: string) => {
      if (!paths.has(path)) return whole;
      return `${start}${previewUrl(path, query)}${rest.startsWith("#") ? rest : ""}"`;
    })
    .replace(/<form\b/g, "<form inert");
}
