import type { Route } from "./+types/press.photo";
import { getDb } from "~/db/db.server";
import { IMMUTABLE } from "~/lib/cache";
import { PHOTO_CONTENT_TYPE, PRESS_PHOTO_FILE, type PressPhotoFormat } from "~/press/press-photo";
import { photoFile } from "~/press/photos.server";

/**
 * /media/press/<hash>-<width>.<format>: a press photo's file from the database. The address names
 * the content, so it is cached for a year; the ETag lets a browser ask again for nothing.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const m = PRESS_PHOTO_FILE.exec(params.file);
  if (!m) return new Response("사진을 찾을 수 없습니다.", { status: 404 });
  const [, id, width, format] = m as unknown as [string, string, string, PressPhotoFormat];
  const etag = `"${params.file}"`;
  if (request.headers.get("if-none-match") === etag)
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": IMMUTABLE } });
  const bytes = await photoFile(await getDb(), id, format, Number(width));
  if (!bytes) return new Response("사진을 찾을 수 없습니다.", { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": PHOTO_CONTENT_TYPE[format],
      "Content-Length": String(bytes.length),
      "Cache-Control": IMMUTABLE,
      ETag: etag,
    },
  });
}
