import type { Route } from "./+types/sitemap.xml";
import { FEED } from "~/lib/cache";
import { sitemapXml } from "~/press/feed.server";
import { siteOf, siteOrigin } from "~/sites/registry.server";

/** Answered per request: the complex's content pages and every press post whose time has come. */
export async function loader({ request }: Route.LoaderArgs) {
  const site = siteOf(request);
  return new Response(await sitemapXml(site, siteOrigin(site)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED },
  });
}
