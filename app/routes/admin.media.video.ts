import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { data } from "react-router";
import type { Route } from "./+types/admin.media.video";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { fileField, readForm } from "~/http/form.server";
import { receiveFile } from "~/http/multipart-file.server";
import { NO_STORE } from "~/lib/cache";
import {
  FILE_LIMITS,
  FILE_MESSAGES,
  type FileKind,
  type FileUploadAnswer,
} from "~/lib/file-upload";
import { processCaptions, processVideo } from "~/media/video.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * POST /admin/media/video and /admin/media/captions: a film (MP4, up to 200 MB) and its Korean
 * captions (WebVTT, up to 1 MB) uploaded from the console (multipart/form-data: `file`), on the
 * complex's host, by an administrator of its content. Answers FileUploadAnswer as JSON:
 * `{ ok: true, value: { src, width, height } }` for a film, `{ ok: true, value: "<src>" }` for
 * captions, or `{ ok: false, field: "file", message }` with 400, 413 or 415. The film is received
 * on disk (app/http/multipart-file.server.ts), never held whole in memory; checking and keeping
 * it is app/media/video.server.ts.
 */

/** The file plus room for the multipart framing (server/body-limit.js allows as much). */
export const VIDEO_BODY_MAX = FILE_LIMITS.video.maxBytes + 1024 * 1024;
export const CAPTIONS_BODY_MAX = FILE_LIMITS.captions.maxBytes + 1024 * 1024;

const HEADERS = { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex" };

const answer = (body: FileUploadAnswer, status = 200) =>
  Response.json(body, { status, headers: HEADERS });

const refusal = (message: string, status: number) =>
  answer({ ok: false, field: "file", message }, status);

/** Only a POST uploads; a page asking for the address gets 405 (after the guard: 404 to others). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireArea(request, requestSiteId(request), "content");
  throw data(null, { status: 405, headers: { ...HEADERS, Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refusal(refused.data.formError, 403);
  await requireArea(request, requestSiteId(request), "content");
  const kind: FileKind = new URL(request.url).pathname.endsWith("/captions") ? "captions" : "video";
  return kind === "video" ? video(request) : captions(request);
}

async function video(request: Request) {
  const dir = await mkdtemp(join(tmpdir(), "bunyang-video-"));
  try {
    const received = await receiveFile(request, "file", dir, VIDEO_BODY_MAX);
    if (!received.ok) {
      if (received.reason === "too_large") return refusal(FILE_MESSAGES.tooLarge("video"), 413);
      if (received.reason === "no_file") return refusal(FILE_MESSAGES.noFile("video"), 400);
      return refusal(FILE_MESSAGES.unreadable, 400);
    }
    const result = await processVideo(received.path, received.size);
    if (!result.ok) return refusal(result.message, result.status);
    return answer({ ok: true, value: result.value });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function captions(request: Request) {
  const read = await readForm(request, CAPTIONS_BODY_MAX);
  if (!read.ok)
    return read.reason === "too_large"
      ? refusal(FILE_MESSAGES.tooLarge("captions"), 413)
      : refusal(FILE_MESSAGES.unreadable, 400);
  const file = fileField(read.form, "file");
  if (!file) return refusal(FILE_MESSAGES.noFile("captions"), 400);
  const result = await processCaptions(Buffer.from(await file.arrayBuffer()));
  if (!result.ok) return refusal(result.message, result.status);
  return answer({ ok: true, value: result.value });
}
