import type { Route } from "./+types/media.file";
import { IMMUTABLE } from "~/lib/cache";
import { mediaStore } from "~/media/store.server";

/*
 * /media/c/<file>: an uploaded picture's file from the media store (app/media/upload.server.ts),
 * the same on every instance. The address names the content, so it is cached for a year; the ETag
 * lets a browser ask again for nothing. Served: a raster picture's variants
 * (`<hash>-<width>.avif|webp|jpg`) and a cleaned SVG (`<hash>-<W>x<H>.svg`), which also gets a
 * policy that lets nothing in it run or load. Not served: a raster picture's original, kept for
 * export only (it may carry the camera's metadata, GPS included).
 */

const SERVED = /^[0-9a-f]{16}-(?:[0-9]{1,5}\.(?:avif|webp|jpg)|[0-9]{1,5}x[0-9]{1,5}\.svg)$/;

const NOT_FOUND = () =>
  new Response("사진을 찾을 수 없습니다.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** An SVG opened on its own: no script, no outside load; its own <style> may apply. */
const SVG_HEADERS = {
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
};

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!SERVED.test(params.file)) return NOT_FOUND();
  const etag = `"${params.file}"`;
  const svg = params.file.endsWith(".svg");
  const headers = {
    "Cache-Control": IMMUTABLE,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    ...(svg ? SVG_HEADERS : {}),
  };
  if (request.headers.get("if-none-match") === etag)
    return new Response(null, { status: 304, headers });
  const file = await mediaStore().get(`media/${params.file}`);
  if (!file) return NOT_FOUND();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      ...headers,
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
    },
  });
}
