import { publicEnv } from "~/env.server";

export function loader() {
  const { siteUrl } = publicEnv();
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
