import { data } from "react-router";
import type { Route } from "./+types/press.rss";
import { content } from "~/content";
import { publicEnv } from "~/env.server";
import { FEED } from "~/lib/cache";
import { rssXml } from "~/press/feed.server";
import { requestSiteId } from "~/sites/request-site.server";

/** /{site}/press/rss.xml: the site's newest visible posts as RSS 2.0. */
export async function loader({ params, request }: Route.LoaderArgs) {
  if (!content.press.sites.includes(params.site)) throw data(null, { status: 404 });
  const xml = await rssXml(requestSiteId(request), params.site, publicEnv().siteUrl);
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": FEED },
  });
}
