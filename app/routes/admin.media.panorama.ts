import { data } from "react-router";
import type { Route } from "./+types/admin.media.panorama";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { fileField, readForm } from "~/http/form.server";
import { NO_STORE } from "~/lib/cache";
import { FILE_LIMITS, FILE_MESSAGES, type FileUploadAnswer } from "~/lib/file-upload";
import { processPanorama } from "~/media/panorama.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * POST /admin/media/panorama: a 360° panorama uploaded from the console's panorama slot
 * (multipart/form-data: `file`), on the complex's host, by a signed-in administrator of that
 * complex. Answers FileUploadAnswer as JSON: `{ ok: true, value: { src, width, height },
 * previewUrl }`, or `{ ok: false, field: "file", message }` with 400 (not 2:1, too many pixels, a
 * broken file), 413 (over 40 MB) or 415 (not JPEG, PNG or WebP). Processing: app/media/panorama.server.ts.
 */

/** The panorama plus room for the multipart framing. */
export const PANORAMA_BODY_MAX = FILE_LIMITS.panorama.maxBytes + 1024 * 1024;

const HEADERS = { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex" };

const answer = (body: FileUploadAnswer, status = 200) =>
  Response.json(body, { status, headers: HEADERS });

export async function loader({ request }: Route.LoaderArgs) {
  await requireArea(request, requestSiteId(request), "content");
  throw data(null, { status: 405, headers: { ...HEADERS, Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return answer({ ok: false, field: "file", message: refused.data.formError }, 403);
  await requireArea(request, requestSiteId(request), "content");

  const read = await readForm(request, PANORAMA_BODY_MAX);
  if (!read.ok)
    return read.reason === "too_large"
      ? answer({ ok: false, field: "file", message: FILE_MESSAGES.tooLarge("panorama") }, 413)
      : answer({ ok: false, field: "file", message: FILE_MESSAGES.unreadable }, 400);
  const file = fileField(read.form, "file");
  if (!file)
    return answer({ ok: false, field: "file", message: FILE_MESSAGES.noFile("panorama") }, 400);
  if (file.size > FILE_LIMITS.panorama.maxBytes)
    return answer(
      { ok: false, field: "file", message: FILE_MESSAGES.tooLarge("panorama", file.size) },
      413,
    );

  const result = await processPanorama(Buffer.from(await file.arrayBuffer()));
  if (!result.ok)
    return answer({ ok: false, field: "file", message: result.message }, result.status);
  return answer({ ok: true, value: result.value, previewUrl: result.previewUrl });
}
