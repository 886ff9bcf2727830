import { data } from "react-router";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { FORM_MESSAGES, fileField, readForm } from "~/http/form.server";
import { NO_STORE } from "~/lib/cache";
import {
  FILE_LIMITS,
  FILE_MESSAGES,
  type FileKind,
  type FileUploadAnswer,
} from "~/lib/file-upload";
import { QUEUE_RETRY_SECONDS } from "~/media/one-at-a-time.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * What the console's file uploads (POST /admin/media/<kind>: panorama, video, captions, pdf) share:
 * the guard (same origin, an administrator of the complex's content), the JSON answers
 * (FileUploadAnswer, never cached or indexed) and the form's `file`, streamed to a temporary file
 * (app/http/streamed-form.server.ts) and checked against its kind's limit. Each route then hands the file to its own processing
 * (app/media/panorama.server.ts, video.server.ts, pdf.server.ts).
 */

/** The largest body of a kind: the file and 1 MB of multipart framing (server/body-limit.js allows as much). */
const fileBodyMax = (kind: FileKind) => FILE_LIMITS[kind].maxBytes + 1024 * 1024;

const HEADERS = { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex" };

/** A 503 (too many files wait their turn, app/media/one-at-a-time.server.ts) says when to retry. */
export const fileAnswer = (body: FileUploadAnswer, status = 200) =>
  Response.json(body, {
    status,
    headers: status === 503 ? { ...HEADERS, "Retry-After": String(QUEUE_RETRY_SECONDS) } : HEADERS,
  });

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

/** The uploaded file (on disk while the request lasts), or the answer refusing it (too large, missing, unreadable). */
export async function readUploadFile(
  request: Request,
  kind: FileKind,
): Promise<{ ok: true; file: File } | { ok: false; response: Response }> {
  const refuse = (message: string, status: number) => ({
    ok: false as const,
    response: fileRefusal(message, status),
  });
  const read = await readForm(request, fileBodyMax(kind));
  if (!read.ok)
    return read.reason === "malformed"
      ? refuse(FILE_MESSAGES.unreadable, 400)
      : refuse(
          read.message === FORM_MESSAGES.too_large ? FILE_MESSAGES.tooLarge(kind) : read.message,
          413,
        );
  const file = fileField(read.form, "file");
  if (!file) return refuse(FILE_MESSAGES.noFile(kind), 400);
  if (file.size > FILE_LIMITS[kind].maxBytes)
    return refuse(FILE_MESSAGES.tooLarge(kind, file.size), 413);
  return { ok: true, file };
}

/** The uploaded file's bytes (a kind that is checked in memory), or the answer refusing it. */
async function readUpload(
  request: Request,
  kind: FileKind,
): Promise<{ ok: true; bytes: Buffer } | { ok: false; response: Response }> {
  const upload = await readUploadFile(request, kind);
  if (!upload.ok) return upload;
  return { ok: true, bytes: Buffer.from(await upload.file.arrayBuffer()) };
}

/** A kind's processing of a file: what its answer holds, or a Korean refusal with its HTTP status. */
type Processed =
  | Extract<FileUploadAnswer, { ok: true }>
  | { ok: false; message: string; status: number };

/** The answer to a processed file: its value (with the preview and the job, for a kind that has them), or the refusal. */
export function answerProcessed(result: Processed): Response {
  if (!result.ok) return fileRefusal(result.message, result.status);
  return fileAnswer({
    ok: true,
    value: result.value,
    previewUrl: result.previewUrl,
    job: result.job,
  });
}

/**
 * An upload route's action for a kind checked in memory (panorama, captions, pdf): the guard, the
 * form's `file` read, its bytes handed to the kind's processing, and its result answered.
 */
export async function uploadAction(
  request: Request,
  kind: FileKind,
  process: (bytes: Buffer) => Promise<Processed>,
): Promise<Response> {
  const refused = await guardUpload(request);
  if (refused) return refused;
  const upload = await readUpload(request, kind);
  if (!upload.ok) return upload.response;
  return answerProcessed(await process(upload.bytes));
}
