import { data } from "react-router";
import type { Route } from "./+types/media";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { fileField, field, readForm } from "~/http/form.server";
import { NO_STORE } from "~/lib/cache";
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES, type MediaUploadAnswer } from "~/lib/media-upload";
import { QUEUE_RETRY_SECONDS } from "~/media/one-at-a-time.server";
import { processUpload } from "~/media/upload.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * POST /admin/media: a picture uploaded from the console (multipart/form-data: `file`, `alt`), on
 * the complex's host, by a signed-in administrator of that complex. Answers JSON (MediaUploadAnswer):
 * `{ ok: true, image: { src, width, height, alt }, previewUrl }`, which the form puts in the image
 * slot, or `{ ok: false, field, message }` with 400 (alt text, pixels, a broken file), 413 (over
 * 20 MB) or 415 (not JPEG, PNG, WebP or SVG). The picture is stored at once (app/media/), and a
 * large one's variants (over 4 MB or 12 megapixels) made by a job, answered as `job`; the content
 * that uses it is saved by the form, as any other field.
 */

/** The picture plus room for the alt text and the multipart framing (server/body-limit.js allows as much). */
export const MEDIA_BODY_MAX = MEDIA_MAX_BYTES + 1024 * 1024;

const HEADERS = { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex" };

/** A 503 (too many pictures wait their turn, app/media/one-at-a-time.server.ts) says when to retry. */
const answer = (body: MediaUploadAnswer, status = 200) =>
  Response.json(body, {
    status,
    headers: status === 503 ? { ...HEADERS, "Retry-After": String(QUEUE_RETRY_SECONDS) } : HEADERS,
  });

/** Only a POST uploads; a page asking for the address gets 405 (after the guard: 404 to others). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireArea(request, requestSiteId(request), "content");
  throw data(null, { status: 405, headers: { ...HEADERS, Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return answer({ ok: false, field: "file", message: refused.data.formError }, 403);
  await requireArea(request, requestSiteId(request), "content");

  const read = await readForm(request, MEDIA_BODY_MAX);
  if (!read.ok)
    return read.reason === "too_large"
      ? answer({ ok: false, field: "file", message: MEDIA_MESSAGES.requestTooLarge }, 413)
      : answer({ ok: false, field: "file", message: MEDIA_MESSAGES.unreadable }, 400);
  const file = fileField(read.form, "file");
  if (!file) return answer({ ok: false, field: "file", message: MEDIA_MESSAGES.noFile }, 400);
  if (file.size > MEDIA_MAX_BYTES)
    return answer({ ok: false, field: "file", message: MEDIA_MESSAGES.tooLarge(file.size) }, 413);

  const result = await processUpload(Buffer.from(await file.arrayBuffer()), {
    alt: field(read.form, "alt"),
    signal: request.signal,
    defer: true,
    siteId: requestSiteId(request),
  });
  if (!result.ok)
    return answer({ ok: false, field: result.field, message: result.message }, result.status);
  return answer({
    ok: true,
    image: result.image,
    previewUrl: result.previewUrl,
    ...(result.job !== undefined ? { job: result.job } : {}),
  });
}
