import { data } from "react-router";
import type { Route } from "./+types/admin.media.pdf";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { fileField, readForm } from "~/http/form.server";
import { NO_STORE } from "~/lib/cache";
import { FILE_LIMITS, FILE_MESSAGES, type FileUploadAnswer } from "~/lib/file-upload";
import { processPdfUpload } from "~/media/pdf.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * POST /admin/media/pdf: the recruitment notice uploaded from the console (multipart/form-data:
 * `file`), on the complex's host, by a signed-in administrator of that complex. Answers JSON
 * (FileUploadAnswer): `{ ok: true, value: { src, bytes, pages }, previewUrl }`, which the console's
 * file slot puts in `announcement.document`, or `{ ok: false, field: "file", message }` with 400
 * (broken, locked by a password, over 300 pages), 413 (over 30 MB) or 415 (not a PDF). The pages
 * are drawn and stored at once (app/media/pdf.server.ts): an upload takes a few seconds.
 */

/** The PDF plus room for the multipart framing. */
export const PDF_BODY_MAX = FILE_LIMITS.pdf.maxBytes + 1024 * 1024;

const HEADERS = { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex" };

const answer = (body: FileUploadAnswer, status = 200) =>
  Response.json(body, { status, headers: HEADERS });

/** Only a POST uploads; a page asking for the address gets 405 (after the guard: 404 to others). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireArea(request, requestSiteId(request), "content");
  throw data(null, { status: 405, headers: { ...HEADERS, Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return answer({ ok: false, field: "file", message: refused.data.formError }, 403);
  await requireArea(request, requestSiteId(request), "content");

  const read = await readForm(request, PDF_BODY_MAX);
  if (!read.ok)
    return read.reason === "too_large"
      ? answer({ ok: false, field: "file", message: FILE_MESSAGES.tooLarge("pdf") }, 413)
      : answer({ ok: false, field: "file", message: FILE_MESSAGES.unreadable }, 400);
  const file = fileField(read.form, "file");
  if (!file) return answer({ ok: false, field: "file", message: FILE_MESSAGES.noFile("pdf") }, 400);
  if (file.size > FILE_LIMITS.pdf.maxBytes)
    return answer(
      { ok: false, field: "file", message: FILE_MESSAGES.tooLarge("pdf", file.size) },
      413,
    );

  const result = await processPdfUpload(new Uint8Array(await file.arrayBuffer()));
  if (!result.ok)
    return answer({ ok: false, field: "file", message: result.message }, result.status);
  return answer({ ok: true, value: result.value, previewUrl: result.previewUrl });
}
