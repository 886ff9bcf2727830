import type { Route } from "./+types/press.rss";
import { FEED } from "~/lib/cache";
import { rssXml } from "~/press/feed.server";
import { siteOrigin } from "~/sites/registry.server";
import { requirePressSite } from "../public/page-guard.server";

/** /{site}/press/rss.xml: the site's newest visible posts as RSS 2.0. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const site = requirePressSite(request, params.site);
  return new Response(await rssXml(site, params.site, siteOrigin(site)), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": FEED },
  });
}
