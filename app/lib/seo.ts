import type { MetaDescriptor } from "react-router";
import type { Site } from "~/content/schema";
import { breadcrumbs, findPage } from "~/content/pages";
import { imageUrl } from "./images";
import { rootDataFrom } from "./site";

type MetaArgs = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
};

export function documentTitle(site: Site, title: string) {
  return title === site.identity.name ? title : site.seo.titleTemplate.replace("%s", title);
}

/** Title, description, canonical, Open Graph, Twitter and breadcrumb tags for one page. */
export function seoTags(opts: {
  site: Site;
  siteUrl: string;
  path: string;
  title: string;
  description: string;
  canonicalPath?: string;
  breadcrumb?: { title: string; url: string }[];
  noindex?: boolean;
  /** "article" for a press post; pages are "website". */
  type?: "website" | "article";
  /** The sharing image when not the site's (path on this site). */
  image?: { path: string; width: number; height: number; alt: string };
  /** Structured data of the page itself (e.g. a NewsArticle). */
  jsonLd?: Record<string, unknown>;
}): MetaDescriptor[] {
  const url = `${opts.siteUrl}${opts.canonicalPath ?? opts.path}`;
  const title = opts.path === "/" ? opts.title : documentTitle(opts.site, opts.title);
  const { site } = opts;
  const shared = site.seo.ogImage;
  const og = opts.image ?? { ...shared, path: imageUrl(shared, shared.width, "jpg") };
  const ogUrl = `${opts.siteUrl}${og.path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: opts.description },
    { name: "keywords", content: site.seo.keywords.join(", ") },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: opts.type ?? "website" },
    { property: "og:locale", content: "ko_KR" },
    { property: "og:site_name", content: site.identity.name },
    { property: "og:title", content: title },
    { property: "og:description", content: opts.description },
    { property: "og:url", content: url },
    { property: "og:image", content: ogUrl },
    { property: "og:image:width", content: String(og.width) },
    { property: "og:image:height", content: String(og.height) },
    { property: "og:image:alt", content: og.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: opts.description },
    { name: "twitter:image", content: ogUrl },
  ];
  if (opts.noindex) tags.push({ name: "robots", content: "noindex" });
  if (opts.jsonLd) tags.push({ "script:ld+json": opts.jsonLd });
  if (opts.breadcrumb && opts.breadcrumb.length > 1) {
    tags.push({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: opts.breadcrumb.map((b, i) => ({
          "@type": "ListItem",
          position: i + 1,
          name: b.title,
          item: `${opts.siteUrl}${b.url}`,
        })),
      },
    });
  }
  return tags;
}

/** `meta` for a route whose page is described in content by its path. */
export function pageMeta({ location, matches }: MetaArgs): MetaDescriptor[] {
  const { site, siteUrl } = rootDataFrom(matches);
  const page = findPage(site, location.pathname);
  if (!page) return [{ title: documentTitle(site, "페이지를 찾을 수 없습니다") }];
  return seoTags({
    site,
    siteUrl,
    path: page.path,
    title: page.title,
    description: page.description,
    breadcrumb: page.path === "/" ? undefined : breadcrumbs(site, page),
    noindex: page.noindex,
  });
}
