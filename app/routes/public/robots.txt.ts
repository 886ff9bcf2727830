import type { Route } from "./+types/robots.txt";
import { siteOf, siteOrigin } from "~/sites/registry.server";

/** The complex's own robots.txt, naming its sitemap. */
export function loader({ request }: Route.LoaderArgs) {
  const siteUrl = siteOrigin(siteOf(request));
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /register",
    "Disallow: /admin",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
