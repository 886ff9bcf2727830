import type { Route } from "./+types/media.video";
import { uploadedPath, withRequestFiles } from "~/http/streamed-form.server";
import { FILE_MESSAGES } from "~/lib/file-upload";
import {
  answerProcessed,
  fileRefusal,
  guardUpload,
  readUploadFile,
  uploadAction,
  uploadOnly,
} from "~/media/file-route.server";
import { processCaptions, processVideo } from "~/media/video.server";

/*
 * POST /admin/media/video and /admin/media/captions: a film (MP4, up to 200 MB) and its Korean
 * captions (WebVTT, up to 1 MB) uploaded from the console (multipart/form-data: `file`), on the
 * complex's host, by an administrator of its content. Answers FileUploadAnswer as JSON:
 * `{ ok: true, value: { src, width, height } }` for a film, `{ ok: true, value: "<src>" }` for
 * captions, or `{ ok: false, field: "file", message }` with 400, 413 or 415. The film streams to
 * a temporary file as it arrives (app/http/streamed-form.server.ts), never held in memory; checking
 * and keeping it is app/media/video.server.ts.
 */

export const loader = ({ request }: Route.LoaderArgs) => uploadOnly(request);

export async function action({ request }: Route.ActionArgs) {
  if (new URL(request.url).pathname.endsWith("/captions"))
    return uploadAction(request, "captions", (bytes) => processCaptions(bytes));
  const refused = await guardUpload(request);
  if (refused) return refused;
  return video(request);
}

/** The film is checked and stored from its temporary file, removed when this ends (withRequestFiles). */
function video(request: Request) {
  return withRequestFiles(async () => {
    const upload = await readUploadFile(request, "video");
    if (!upload.ok) return upload.response;
    const path = uploadedPath(upload.file);
    if (!path) return fileRefusal(FILE_MESSAGES.unreadable, 400);
    return answerProcessed(await processVideo(path, upload.file.size));
  });
}
