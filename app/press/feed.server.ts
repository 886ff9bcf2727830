/*
 * The press feed (RSS 2.0 per press address, the photo as enclosure) and sitemap.xml (content pages
 * plus every visible post), each of one complex. Both are answered per request and see only posts
 * whose time has come at `now`.
 */
import type { Site } from "~/content/schema";
import { sitemapPaths } from "~/content/pages";
import { getDb } from "~/db/db.server";
import { pressPage } from "~/press/press-pages";
import { largestPressPhoto } from "~/press/press-photo";
import { allPublished, latestPublished, type PressPost } from "./posts.server";

const FEED_SIZE = 20;

const escapeXml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** RFC 822 date, as RSS 2.0 wants: "Sun, 01 Mar 2026 05:05:00 GMT". */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

async function jpegSizes(posts: PressPost[]): Promise<Map<string, number>> {
  const wanted = posts.flatMap((p) =>
    p.photo ? [{ id: p.photo.id, width: largestPressPhoto(p.photo).width }] : [],
  );
  if (!wanted.length) return new Map();
  const db = await getDb();
  const placeholders = wanted.map((_, i) => `$${i + 1}`).join(", ");
  const rows = await db.all<{ photo_id: string; width: number; size: number }>(
    `SELECT photo_id, width, LENGTH(bytes) AS size FROM press_photo_files
     WHERE format = 'jpg' AND photo_id IN (${placeholders})`,
    wanted.map((w) => w.id),
  );
  return new Map(rows.map((r) => [`${r.photo_id}-${Number(r.width)}`, Number(r.size)]));
}

/** The feed of one press site (`press`, one of `site.press.sites`) of a complex. */
export async function rssXml(
  site: Site,
  press: string,
  siteUrl: string,
  now = new Date(),
): Promise<string> {
  const posts = await latestPublished(site.id, press, FEED_SIZE, now);
  const sizes = await jpegSizes(posts);
  const page = pressPage(site, press);
  const listUrl = `${siteUrl}${page.path}`;
  const items = posts.map((p) => {
    const link = `${listUrl}/${p.id}`;
    const photo = p.photo ? largestPressPhoto(p.photo) : null;
    const size = photo && sizes.get(`${p.photo!.id}-${photo.width}`);
    return [
      "    <item>",
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${rfc822(p.publishedAt!)}</pubDate>`,
      `      <description>${escapeXml(p.summary)}</description>`,
      ...(p.sourceName
        ? [
            `      <source url="${escapeXml(p.sourceUrl || link)}">${escapeXml(p.sourceName)}</source>`,
          ]
        : []),
      ...(photo && size
        ? [
            `      <enclosure url="${escapeXml(siteUrl + photo.url)}" length="${size}" type="image/jpeg"/>`,
          ]
        : []),
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(`${page.title} | ${site.identity.name}`)}</title>`,
    `    <link>${escapeXml(listUrl)}</link>`,
    `    <description>${escapeXml(page.description)}</description>`,
    "    <language>ko</language>",
    `    <atom:link href="${escapeXml(`${listUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...(posts[0] ? [`    <lastBuildDate>${rfc822(posts[0].publishedAt!)}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** A complex's sitemap: its pages and the visible posts of its press sites. */
export async function sitemapXml(site: Site, siteUrl: string, now = new Date()): Promise<string> {
  const pages = sitemapPaths(site).map((p) => `  <url><loc>${escapeXml(siteUrl + p)}</loc></url>`);
  const posts = (await allPublished(site.id, now)).map(
    (p) =>
      `  <url><loc>${escapeXml(`${siteUrl}/${p.site}/press/${p.id}`)}</loc><lastmod>${p.updatedAt.slice(0, 10)}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...pages, ...posts].join("\n")}\n</urlset>\n`;
}
