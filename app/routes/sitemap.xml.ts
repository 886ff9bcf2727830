import type { Route } from "./+types/sitemap.xml";
import { publicEnv } from "~/env.server";
import { FEED } from "~/lib/cache";
import { sitemapXml } from "~/press/feed.server";
import { requestSiteId } from "~/sites/request-site.server";

/** Answered per request: the content pages and every press post of the complex whose time has come. */
export async function loader({ request }: Route.LoaderArgs) {
  return new Response(await sitemapXml(requestSiteId(request), publicEnv().siteUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED },
  });
}
