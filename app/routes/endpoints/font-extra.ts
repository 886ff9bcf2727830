import type { Route } from "./+types/font-extra";
import { IMMUTABLE } from "~/lib/cache";
import { fontExtraFile } from "~/lib/font-extra.server";
import { siteOf } from "~/sites/registry.server";

/*
 * /fonts/extra/<key>.woff2: the request's complex's own characters that the build's font subset
 * lacks (app/lib/font-extra.server.ts). Only the complex's current name is answered, so no request
 * can make the server cut a font of its choosing; the name follows the characters, so a year's
 * caching is safe.
 */

const NOT_FOUND = () =>
  new Response("글꼴을 찾을 수 없습니다.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  const file = fontExtraFile(siteOf(request), params.file);
  if (!file) return NOT_FOUND();
  const etag = `"${params.file}"`;
  const headers = { "Cache-Control": IMMUTABLE, ETag: etag, "X-Content-Type-Options": "nosniff" };
  if (request.headers.get("if-none-match") === etag)
    return new Response(null, { status: 304, headers });
  const bytes = await file;
  return new Response(bytes, {
    headers: { ...headers, "Content-Type": "font/woff2", "Content-Length": String(bytes.length) },
  });
}
