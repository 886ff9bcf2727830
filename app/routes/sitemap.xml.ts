import { publicEnv } from "~/env.server";
import { FEED } from "~/lib/cache";
import { sitemapXml } from "~/press/feed.server";

/** Answered per request: the content pages and every press post whose time has come. */
export async function loader() {
  return new Response(await sitemapXml(publicEnv().siteUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED },
  });
}
