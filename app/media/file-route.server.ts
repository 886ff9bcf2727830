import { data } from "react-router";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { fileField, readForm } from "~/http/form.server";
import { NO_STORE } from "~/lib/cache";
import {
  FILE_LIMITS,
  FILE_MESSAGES,
  type FileKind,
  type FileUploadAnswer,
} from "~/lib/file-upload";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * What the console's file uploads (POST /admin/media/<kind>: panorama, video, captions, pdf) share:
 * the guard (same origin, an administrator of the complex's content), the JSON answers
 * (FileUploadAnswer, never cached or indexed) and, for the kinds read in memory, the form's `file`
 * checked against its kind's limit. Each route then hands the file to its own processing
 * (app/media/panorama.server.ts, video.server.ts, pdf.server.ts).
 */

/** The largest body of a kind: the file and 1 MB of multipart framing (server/body-limit.js allows as much). */
export const fileBodyMax = (kind: FileKind) => FILE_LIMITS[kind].maxBytes + 1024 * 1024;

const HEADERS = { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex" };

export const fileAnswer = (body: FileUploadAnswer, status = 200) =>
  Response.json(body, { status, headers: HEADERS });

export const fileRefusal = (message: string, status: number) =>
  fileAnswer({ ok: false, field: "file", message }, status);

/** Only a POST uploads; a page asking for the address gets 405 (after the guard: 404 to others). */
export async function uploadOnly(request: Request): Promise<never> {
  await requireArea(request, requestSiteId(request), "content");
  throw data(null, { status: 405, headers: { ...HEADERS, Allow: "POST" } });
}

/** A refusal for a post from another site; else null once the sender may edit this complex. */
export async function guardUpload(request: Request): Promise<Response | null> {
  const refused = refuseCrossSite(request);
  if (refused) return fileRefusal(refused.data.formError, 403);
  await requireArea(request, requestSiteId(request), "content");
  return null;
}

/** The uploaded file's bytes, or the answer refusing it (too large, missing, unreadable). */
export async function readUpload(
  request: Request,
  kind: FileKind,
): Promise<{ ok: true; bytes: Buffer } | { ok: false; response: Response }> {
  const refuse = (message: string, status: number) => ({
    ok: false as const,
    response: fileRefusal(message, status),
  });
  const read = await readForm(request, fileBodyMax(kind));
  if (!read.ok)
    return read.reason === "too_large"
      ? refuse(FILE_MESSAGES.tooLarge(kind), 413)
      : refuse(FILE_MESSAGES.unreadable, 400);
  const file = fileField(read.form, "file");
  if (!file) return refuse(FILE_MESSAGES.noFile(kind), 400);
  if (file.size > FILE_LIMITS[kind].maxBytes)
    return refuse(FILE_MESSAGES.tooLarge(kind, file.size), 413);
  return { ok: true, bytes: Buffer.from(await file.arrayBuffer()) };
}
