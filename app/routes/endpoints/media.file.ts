import type { Route } from "./+types/media.file";
import { requestedRange } from "~/http/range";
import { IMMUTABLE } from "~/lib/cache";
import { mediaStore } from "~/media/store.server";

/*
 * /media/c/<file>: an uploaded picture's file from the media store (app/media/upload.server.ts),
 * the same on every instance. The address names the content, so it is cached for a year; the ETag
 * lets a browser ask again for nothing. Served: a raster picture's variants
 * (`<hash>-<width>.avif|webp|jpg`) and a cleaned SVG (`<hash>-<W>x<H>.svg`), which also gets a
 * policy that lets nothing in it run or load. Not served: a raster picture's original, kept for
 * export only (it may carry the camera's metadata, GPS included).
 *
 * Files that are not pictures (app/lib/media-files.ts): a film (`<hash>.mp4`), its captions
 * (`<hash>.vtt`), a notice (`<hash>.pdf`) and its pages (`<hash>-p<page>-<width>.webp`); a
 * panorama's widths are named as a picture's. These are streamed from the store, never read whole,
 * and answer a range request (`Range: bytes=…`) with 206 and that part only: a browser asks a film
 * for ranges to start it and to seek. A range past the end gets 416.
 */

const SERVED = /^[0-9a-f]{16}-(?:[0-9]{1,5}\.(?:avif|webp|jpg)|[0-9]{1,5}x[0-9]{1,5}\.svg)$/;
const FILE = /^[0-9a-f]{16}(?:\.(?:mp4|vtt|pdf)|-p[0-9]{1,3}-[0-9]{1,5}\.webp)$/;

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

async function serveFile(request: Request, name: string, headers: Record<string, string>) {
  const file = await mediaStore().open(`media/${name}`);
  if (!file) return NOT_FOUND();
  const common = { ...headers, "Content-Type": file.contentType, "Accept-Ranges": "bytes" };
  const range = requestedRange(request.headers.get("range"), file.size);
  if (range === "unsatisfiable")
    return new Response(null, {
      status: 416,
      headers: { ...common, "Content-Range": `bytes */${file.size}` },
    });
  const { start, end } = range === "whole" ? { start: 0, end: file.size - 1 } : range;
  const body = request.method === "HEAD" || file.size === 0 ? null : await file.read(start, end);
  return new Response(body, {
    status: range === "whole" ? 200 : 206,
    headers: {
      ...common,
      "Content-Length": String(end - start + 1),
      ...(range === "whole" ? {} : { "Content-Range": `bytes ${start}-${end}/${file.size}` }),
    },
  });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const isFile = FILE.test(params.file);
  if (!isFile && !SERVED.test(params.file)) return NOT_FOUND();
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
  if (isFile) return serveFile(request, params.file, headers);
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
