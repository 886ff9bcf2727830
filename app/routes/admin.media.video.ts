import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Route } from "./+types/admin.media.video";
import { receiveFile } from "~/http/multipart-file.server";
import { FILE_MESSAGES } from "~/lib/file-upload";
import {
  fileAnswer,
  fileBodyMax,
  fileRefusal,
  guardUpload,
  readUpload,
  uploadOnly,
} from "~/media/file-route.server";
import { processCaptions, processVideo } from "~/media/video.server";

/*
 * POST /admin/media/video and /admin/media/captions: a film (MP4, up to 200 MB) and its Korean
 * captions (WebVTT, up to 1 MB) uploaded from the console (multipart/form-data: `file`), on the
 * complex's host, by an administrator of its content. Answers FileUploadAnswer as JSON:
 * `{ ok: true, value: { src, width, height } }` for a film, `{ ok: true, value: "<src>" }` for
 * captions, or `{ ok: false, field: "file", message }` with 400, 413 or 415. The film is received
 * on disk (app/http/multipart-file.server.ts), adding no copy in memory to the server's own buffer
 * of the body (server/body-limit.js); checking and keeping
 * it is app/media/video.server.ts.
 */

export const loader = ({ request }: Route.LoaderArgs) => uploadOnly(request);

export async function action({ request }: Route.ActionArgs) {
  const refused = await guardUpload(request);
  if (refused) return refused;
  return new URL(request.url).pathname.endsWith("/captions") ? captions(request) : video(request);
}

async function video(request: Request) {
  const dir = await mkdtemp(join(tmpdir(), "bunyang-video-"));
  try {
    const received = await receiveFile(request, "file", dir, fileBodyMax("video"));
    if (!received.ok) {
      if (received.reason === "too_large") return fileRefusal(FILE_MESSAGES.tooLarge("video"), 413);
      if (received.reason === "no_file") return fileRefusal(FILE_MESSAGES.noFile("video"), 400);
      return fileRefusal(FILE_MESSAGES.unreadable, 400);
    }
    const result = await processVideo(received.path, received.size);
    if (!result.ok) return fileRefusal(result.message, result.status);
    return fileAnswer({ ok: true, value: result.value });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function captions(request: Request) {
  const upload = await readUpload(request, "captions");
  if (!upload.ok) return upload.response;
  const result = await processCaptions(upload.bytes);
  if (!result.ok) return fileRefusal(result.message, result.status);
  return fileAnswer({ ok: true, value: result.value });
}
